/**
 * People (issue 11): managers' profiles and follows.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A manager's profile (signed `POST /sofi/managers/{address}`, spec 001 §3 "Manager"), written for
 * every configured chain at once. The photo is a JPG/PNG data URL checked by content, served by
 * `GET /sofi/managers/{address}/photo?v={photo_version}`.
 */
export const managerProfiles = pgTable(
  "manager_profiles",
  {
    chainId: integer("chain_id").notNull(),
    address: text("address").notNull(),
    name: text("name").notNull().default(""),
    profile: text("profile").notNull().default(""),
    photo: text("photo"),
    photoVersion: integer("photo_version").notNull().default(0),
    mainnetEth: text("mainnet_eth").notNull().default(""),
    twitterUrl: text("twitter_url").notNull().default(""),
    github: text("github").notNull().default(""),
    email: text("email").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** Who follows whom (signed `POST /sofi/follow`); the followers list reads by followee. */
export const follows = pgTable(
  "follows",
  {
    chainId: integer("chain_id").notNull(),
    follower: text("follower").notNull(),
    followee: text("followee").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.follower, t.followee] }),
    index("follows_followee").on(t.chainId, t.followee, t.createdAt),
  ],
);
