/** People (issue 11): managers and profiles, follows. Managers are portfolios' managers. */
import { followsArea } from "../api/follows.ts";
import { managersArea } from "../api/managers.ts";
import { profilesOf } from "../api/queries/managers.ts";
import * as peopleTables from "../db/schema/people.ts";
import { defineModule } from "./module.ts";

export const peopleModule = defineModule({
  name: "people",
  tables: peopleTables,
  requires: ["portfolios"],
  areas: [managersArea, followsArea],
  // the profile and its photo: an image upload (PROFILE_BODY_MAX, enforced by the route)
  largeBodyRoutes: [/^\/api\/[^/]+\/sofi\/managers\/[^/]+$/],
  // names, photos and whether an address manages portfolios (the social feed's authors)
  provides: { profiles: (deps, chain) => profilesOf(deps.db, chain.config.info.id, chain.config.info.suffix) },
});
