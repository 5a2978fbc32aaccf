// The en-US articles as text, one chunk for the language, loaded by the help pages only (articles.ts).
export default import.meta.glob<string>('./en-US/*/*.md', { query: '?raw', import: 'default', eager: true });
