// The portfolios' parts of the profile page (spec 001 §2 tabs 2 and 3; issue 11): the held and the
// created portfolios, the created list's manager menu (edit portfolio info; price alert while the
// alerts capability is on). Contributed to the profile page's `profile.tabs` slot.
export { feature } from "./feature.ts";
