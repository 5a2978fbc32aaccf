// Entry of the electricity-payment feature (spec §2 screen "electricity-pay"): one lazily loaded chunk.
export const electricityPages = {
  electricityPay: () => import('./ElectricityPage.tsx'),
};
