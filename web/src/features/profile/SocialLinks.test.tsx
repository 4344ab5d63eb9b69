import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18next as i18n, initI18n } from "../../i18n/index.ts";
import { hasSocialLinks, SocialLinks, socialLinkItems } from "./SocialLinks.tsx";

const ALL = {
  twitter_url: "https://x.com/alice",
  github: "alice-dev",
  email: "a@b.co",
  mainnet_eth: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
};
const NONE = { twitter_url: "", github: "", email: "", mainnet_eth: "" };

describe("the one social links list (issue 21 §4)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("en");
  });

  it("lists Twitter as @name, GitHub, email and (where asked) the mainnet address, in that order", () => {
    expect(socialLinkItems(ALL)).toEqual([
      { kind: "twitter", href: "https://x.com/alice", value: "@alice" },
      { kind: "github", href: "https://github.com/alice-dev", value: "alice-dev" },
      { kind: "email", href: "mailto:a@b.co", value: "a@b.co" },
    ]);
    expect(socialLinkItems(ALL, { mainnet: true }).map((i) => i.kind)).toEqual([
      "twitter",
      "github",
      "email",
      "mainnet",
    ]);
    expect(socialLinkItems({ ...NONE, github: "bob" }).map((i) => i.kind)).toEqual(["github"]);
    expect(hasSocialLinks(NONE, { mainnet: true })).toBe(false);
    // the mainnet address alone is something only where it is shown
    expect(hasSocialLinks({ ...NONE, mainnet_eth: ALL.mainnet_eth })).toBe(false);
    expect(hasSocialLinks({ ...NONE, mainnet_eth: ALL.mainnet_eth }, { mainnet: true })).toBe(true);
  });

  it("never links anything but a web address for Twitter", () => {
    expect(socialLinkItems({ ...NONE, twitter_url: "javascript:alert(1)" })).toEqual([]);
    expect(socialLinkItems({ ...NONE, twitter_url: "https://x.com/some/odd/path" })).toEqual([
      { kind: "twitter", href: "https://x.com/some/odd/path", value: "" },
    ]);
  });

  it("renders each link with a name that says where it goes; email opens the mail app in place", () => {
    render(<SocialLinks m={ALL} mainnet />);
    const list = screen.getByTestId("social-links");
    const twitter = within(list).getByRole("link", { name: "Twitter @alice" });
    expect(twitter.getAttribute("href")).toBe("https://x.com/alice");
    expect(twitter.getAttribute("target")).toBe("_blank");
    expect(twitter.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(list).getByRole("link", { name: "GitHub alice-dev" }).getAttribute("href")).toBe(
      "https://github.com/alice-dev",
    );
    const email = within(list).getByRole("link", { name: "Email a@b.co" });
    expect(email.getAttribute("href")).toBe("mailto:a@b.co");
    expect(email.getAttribute("target")).toBeNull();
    expect(screen.getByTestId("social-email").textContent).toBe("a@b.co");
    expect(screen.getByTestId("social-mainnet").textContent).toBe(ALL.mainnet_eth);
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
  });

  it("renders nothing without links, and speaks Korean", async () => {
    const { container } = render(<SocialLinks m={NONE} mainnet />);
    expect(container.innerHTML).toBe("");
    cleanup();
    await i18n.changeLanguage("ko");
    render(<SocialLinks m={ALL} />);
    expect(screen.getByRole("link", { name: "트위터 @alice" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "깃허브 alice-dev" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "이메일 a@b.co" })).toBeTruthy();
    expect(screen.queryByTestId("social-mainnet")).toBeNull();
  });
});
