// Entry of the user centre: the signed-in user's summary page (spec §2 userCenter, white layout), a lazily loaded chunk.
export const userCenterPages = {
  userCenter: () => import('./UserCenterPage.tsx'),
};
