// The profile page (spec 001 §2 /sts/profile/{address}/{tab}), loaded lazily by the routes:
//   lazy(() => import("../features/profile/ProfilePage.tsx"))
export { FOLLOW_DEBOUNCE_MS, PROFILE_TABS, parseTab } from "./rules.ts";
