// Entry of the help feature: its pages, one lazily loaded chunk (the articles themselves are a further chunk per
// language, articles.ts). Other features' pages link to articles through shared.ts.
export const helpPages = {
  help: () => import('./HelpHomePage.tsx'),
  helpCategory: () => import('./HelpCategoryPage.tsx'),
  helpArticle: () => import('./HelpArticlePage.tsx'),
};
