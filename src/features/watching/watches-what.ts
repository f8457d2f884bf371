/** What watching changes, in a refusal's words: Shipwatch's own state, not tracking data. */
export const WATCHES_WHAT = 'which shipments this channel watches';
