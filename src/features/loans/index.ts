// Entry of the loans feature (route `loan`, spec §2): one lazily loaded chunk.
export const loanPages = {
  loan: () => import('./LoanPage.tsx'),
};
