// The zh-HK articles as text, one chunk for the language, loaded by the help pages only (articles.ts).
export default import.meta.glob<string>('./zh-HK/*/*.md', { query: '?raw', import: 'default', eager: true });
