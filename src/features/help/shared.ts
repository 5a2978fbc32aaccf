// Entry of the help feature for other features' lazily loaded pages: the link to an article beside a form or
// after a refusal, and which article explains which refusal. The help pages themselves are index.ts.
export type { HelpArticleId } from '../../../contract/help-rules.ts';
export { helpArticleFor, type HelpArea } from './error-articles.ts';
export { HelpLink } from './HelpLink.tsx';
