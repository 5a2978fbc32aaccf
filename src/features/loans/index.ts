// Entry of the loans feature (issue 13; route `loan`, spec §2): one lazily loaded chunk.
export const loanPages = {
  loan: () => import('./LoanPage.tsx'),
};
