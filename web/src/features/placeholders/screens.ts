/** The screens later issues own; until they land each shows its title and a "coming next" note. */
export const PLACEHOLDER_SCREENS = [
  "stsHome",
  "stsMore",
  "stsCreate",
  "stsPortfolio",
  "stsBuy",
  "stsSell",
  "stsManage",
  "stsProfile",
  "stsManager",
  "proposals",
  "proposalsSelect",
  "proposalsCreate",
  "proposalDetail",
  "social",
  "predict",
  "predictTransactions",
  "predictMarket",
  "headTail",
  "headTailMoreRace",
  "headTailRace",
  "headTailEvent",
  "swap",
] as const;

export type PlaceholderScreen = (typeof PLACEHOLDER_SCREENS)[number];
