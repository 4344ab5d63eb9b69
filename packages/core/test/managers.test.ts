import { describe, expect, it } from "vitest";
import {
  followBodySchema,
  followListQuerySchema,
  githubUserOf,
  isEmail,
  MANAGER_ERRORS,
  managerProfileBodySchema,
  managersQuerySchema,
  PEOPLE_ERRORS,
  PORTFOLIO_ERRORS,
  twitterUrlOf,
} from "../src/index.ts";

const PNG = `data:image/png;base64,${btoa("\x89PNG\r\n\x1a\n0000")}`;
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("manager profiles", () => {
  it("takes the tweet's author from a pasted tweet link, nothing else", () => {
    expect(twitterUrlOf("https://x.com/alice_1/status/1790000000000000000")).toBe("https://x.com/alice_1");
    expect(twitterUrlOf("https://twitter.com/Bob/status/12?s=20")).toBe("https://x.com/Bob");
    expect(twitterUrlOf(" https://mobile.twitter.com/bob/status/12 ")).toBe("https://x.com/bob");
    for (const bad of [
      "https://x.com/alice",
      "http://x.com/alice/status/1",
      "https://x.com.evil.com/alice/status/1",
      "https://evil.com/x.com/alice/status/1",
      "https://x.com/this_name_is_too_long/status/1",
      "javascript:alert(1)//x.com/a/status/1",
    ])
      expect(twitterUrlOf(bad)).toBeNull();
  });

  it("GitHub user names from a name or a profile URL", () => {
    expect(githubUserOf("octo-cat")).toBe("octo-cat");
    expect(githubUserOf("https://github.com/octocat/")).toBe("octocat");
    for (const bad of ["-octo", "octo--cat", "octo_cat", "https://github.com/a/b", "a".repeat(40), ""])
      expect(githubUserOf(bad)).toBeNull();
  });

  it("emails: one @, a dotted domain, no spaces", () => {
    expect(isEmail("a@b.co")).toBe(true);
    for (const bad of ["a@b", "a b@c.de", "@c.de", "a@@c.de", `${"a".repeat(250)}@b.co`])
      expect(isEmail(bad)).toBe(false);
  });

  it("the body: the spec's texts for bad fields, empty strings clear, nothing at all refused", () => {
    const parse = (b: unknown) => managerProfileBodySchema.safeParse(b);
    expect(firstError(parse({ email: "nope" }))).toBe(PEOPLE_ERRORS.email);
    expect(firstError(parse({ twitter_text: "https://x.com/a" }))).toBe(PEOPLE_ERRORS.twitter);
    expect(firstError(parse({ github: "a_b" }))).toBe(PEOPLE_ERRORS.github);
    expect(firstError(parse({ mainnet_eth: "0x12" }))).toBe(PEOPLE_ERRORS.mainnetEth);
    expect(firstError(parse({ name: "x".repeat(33) }))).toBe("name must be at most 32 characters");
    expect(firstError(parse({ name: "a\u0000b" }))).toMatch(/^name must not contain control characters/);
    expect(firstError(parse({ photo_url: "data:image/gif;base64,R0lGODlh" }))).toBe(PORTFOLIO_ERRORS.iconType);
    // a PNG label on JPEG-less bytes is refused by content, not by name
    expect(firstError(parse({ photo_url: `data:image/png;base64,${btoa("GIF89a000000")}` }))).toBe(
      PORTFOLIO_ERRORS.iconType,
    );
    expect(firstError(parse({}))).toBe(PEOPLE_ERRORS.empty);
    const ok = parse({
      photo_url: PNG,
      email: " a@b.co ",
      mainnet_eth: "0x00000000000000000000000000000000000000AA",
      github: "",
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.email).toBe("a@b.co");
    expect(ok.data?.mainnet_eth).toBe("0x00000000000000000000000000000000000000aa");
  });

  it("follow bodies and list queries", () => {
    expect(firstError(followBodySchema.safeParse({ follow: "0x1", action: "follow" }))).toBe("Invalid address: 0x1");
    expect(
      firstError(followBodySchema.safeParse({ follow: "0x00000000000000000000000000000000000000aa", action: "like" })),
    ).toBe(PEOPLE_ERRORS.followAction);
    expect(
      firstError(
        followListQuerySchema.safeParse({ action: "friends", address: "0x00000000000000000000000000000000000000aa" }),
      ),
    ).toBe(PEOPLE_ERRORS.listAction);
    expect(firstError(followListQuerySchema.safeParse({ action: "followers" }))).toBe("Missing address");
  });
});

describe("managers list query (issue 21 §3)", () => {
  it("orders by market cap by default, or by return, risk-adjusted return or risk; refuses others", () => {
    expect(managersQuerySchema.parse({})).toMatchObject({ orderby: "market_cap", limit: 20, offset: 0 });
    for (const o of ["market_cap", "return", "risk_adjusted", "risk"])
      expect(managersQuerySchema.parse({ orderby: o }).orderby).toBe(o);
    expect(firstError(managersQuerySchema.safeParse({ orderby: "best" }))).toBe(MANAGER_ERRORS.orderby);
  });
});
