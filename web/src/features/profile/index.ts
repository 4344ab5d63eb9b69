// The profile page (spec 001 §2 /sts/profile/{address}/{tab}) of the people capability: its
// route, the account panel's Profile link, and the building blocks a profile tab's contribution
// may use (ListStates, ImagePicker). Other capabilities add tabs through the `profile.tabs` slot.
// SocialLinks is the one list of a profile's social links (the manager card shows it too).

export { feature } from "./feature.ts";
export { ImagePicker } from "./ImagePicker.tsx";
export { ListStates } from "./ListStates.tsx";
export { FOLLOW_DEBOUNCE_MS, PROFILE_PORTFOLIOS_MAX, PROFILE_TABS, parseTab } from "./rules.ts";
export { hasSocialLinks, SocialLinks, type SocialLinksOf, socialLinkItems } from "./SocialLinks.tsx";
