import type { SocialPost, TrendingTopic } from "@sofi/core";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { Composer } from "./Composer.tsx";
import { CoinChip, PostCard, type PostCardProps } from "./PostCard.tsx";
import { MiniProfile, TrendingTopics } from "./SidePanels.tsx";
import { NewPostsBar } from "./SocialPage.tsx";
import { useLiveFeed } from "./useLiveFeed.ts";
import type { SocialFeedState } from "./useSocialFeed.ts";

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.matchMedia) {
  window.matchMedia = ((q: string) => ({
    matches: false,
    media: q,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const AUTHOR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ME = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const NOW = 1_800_000_000_000;

const post = (over: Partial<SocialPost> = {}): SocialPost => ({
  id: "42",
  kind: "post",
  text: '<img src=x onerror="alert(1)"> $RAI to the moon #DeFi',
  url: null,
  created_at: NOW / 1000 - 180,
  up: 3,
  down: 1,
  address_prediction: "",
  coins: ["RAI $2.00 +25.00%", "NOVA $0.4000 -20.00%"],
  user: {
    id: AUTHOR,
    name: "Alice",
    screen_name: "Alice",
    photo_url: null,
    url: `/sts/profile/${AUTHOR}`,
    manager: `/sts/manager/${AUTHOR}`,
  },
  txid: null,
  trade: null,
  ...over,
});

function renderCard(p: SocialPost, props: Partial<PostCardProps> = {}) {
  const calls = { predict: vi.fn(), dislike: vi.fn(), mute: vi.fn(), topic: vi.fn() };
  render(
    <MemoryRouter>
      <PostCard
        post={p}
        me={ME}
        now={NOW}
        predicting={false}
        onPredict={calls.predict}
        onDislike={calls.dislike}
        onMute={calls.mute}
        onTopic={calls.topic}
        {...props}
      />
    </MemoryRouter>,
  );
  return calls;
}

describe("social views", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a post: author and manager links, relative time with the exact time, text as text, chips, counters", () => {
    const calls = renderCard(post());
    const card = screen.getByTestId("post");
    // the text is shown as written: no element was made from it
    expect(screen.getByTestId("post-text").textContent).toBe('<img src=x onerror="alert(1)"> $RAI to the moon #DeFi');
    expect(card.querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Profile of Alice" }).getAttribute("href")).toBe(`/sts/profile/${AUTHOR}`);
    expect(screen.getByRole("link", { name: "Manager page of Alice" }).getAttribute("href")).toBe(
      `/sts/manager/${AUTHOR}`,
    );
    expect(screen.getByTestId("post-time").textContent).toMatch(
      /^3 minutes ago \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\)$/,
    );
    const chips = screen.getAllByTestId("coin-chip");
    expect(chips.map((c) => c.className)).toEqual(["so-chip is-up", "so-chip is-down"]);
    expect(chips[1]?.getAttribute("aria-label")).toBe("NOVA: $0.4000, -20.00% in 24 hours");
    // mentions of listed tokens and tags choose a topic
    fireEvent.click(screen.getByRole("button", { name: "Show posts about $RAI" }));
    fireEvent.click(screen.getByRole("button", { name: "Show posts about #DeFi" }));
    expect(calls.topic.mock.calls).toEqual([["RAI"], ["defi"]]);
    // counters
    expect(screen.getByTestId("count-up").textContent).toBe("3");
    fireEvent.click(screen.getByRole("button", { name: "Predict up, 3 so far" }));
    expect(calls.predict).toHaveBeenCalledWith(expect.objectContaining({ id: "42" }), "up");
  });

  it("the menu: not interested and mute @name", async () => {
    const calls = renderCard(post());
    fireEvent.click(screen.getByRole("button", { name: "More actions for this post by Alice" }));
    fireEvent.click(await screen.findByText("Not interested"));
    expect(calls.dislike).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "More actions for this post by Alice" }));
    fireEvent.click(await screen.findByText("Mute @Alice"));
    expect(calls.mute).toHaveBeenCalledTimes(1);
  });

  it("after a prediction its side is pressed and nothing more is sent; one's own post has no menu and no prediction", () => {
    const calls = renderCard(post({ address_prediction: "down", down: 2 }));
    const down = screen.getByRole("button", { name: "You predicted down" });
    expect(down.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(down);
    expect((screen.getByRole("button", { name: "Predict up, 3 so far" }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.predict).not.toHaveBeenCalled();
    cleanup();
    renderCard(post({ user: { ...post().user, id: ME } }));
    expect(screen.queryByTestId("post-menu")).toBeNull();
    expect((screen.getByTestId("predict-up") as HTMLButtonElement).disabled).toBe(true);
  });

  it("a trade item: worded in the reader's language, links to the transaction and the portfolio; mute only", async () => {
    const calls = renderCard(
      post({
        id: "portfoliobuy11x3",
        kind: "tx",
        text: "Bought 2 BLUE with 250 USDT",
        url: "https://basescan.org/tx/0xdd",
        up: 0,
        down: 0,
        coins: [],
        txid: "0xdd",
        trade: {
          kind: "portfolioBuy",
          from_symbol: "USDT",
          from_amount: "250",
          to_symbol: "BLUE",
          to_amount: "2.123456789",
          portfolio: "0x00000000000000000000000000000000000000F1",
        },
      }),
    );
    expect(screen.getByTestId("post-text").textContent).toBe("Bought 2.1235 BLUE with 250 USDT");
    expect(screen.getByRole("link", { name: /View transaction/ }).getAttribute("href")).toBe(
      "https://basescan.org/tx/0xdd",
    );
    expect(screen.getByRole("link", { name: "View portfolio" }).getAttribute("href")).toBe(
      "/sts/portfolio/0x00000000000000000000000000000000000000F1",
    );
    expect(screen.queryByTestId("predict-up")).toBeNull();
    fireEvent.click(screen.getByTestId("post-menu"));
    expect(await screen.findByText("Mute @Alice")).toBeTruthy();
    expect(screen.queryByText("Not interested")).toBeNull();
    fireEvent.click(screen.getByText("Mute @Alice"));
    expect(calls.mute).toHaveBeenCalledTimes(1);
  });

  it("a chip with a minus is a drop", () => {
    render(<CoinChip chip="X $1.00 -0.50%" />);
    expect(screen.getByTestId("coin-chip").className).toContain("is-down");
  });

  it("the composer: 'Please enter your content.' when empty (nothing sent); a post is sent trimmed and cleared", async () => {
    const publish = vi.fn(async () => null);
    const s = { me: ME, publish, publishing: false } as unknown as SocialFeedState;
    render(<Composer s={s} />);
    fireEvent.click(screen.getByTestId("composer-post"));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter your content.");
    expect(publish).not.toHaveBeenCalled();
    const box = screen.getByRole("textbox", { name: "Write a post" });
    fireEvent.change(box, { target: { value: "  hello $RAI  " } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByTestId("composer-post"));
    await waitFor(() => expect(publish).toHaveBeenCalledWith("hello $RAI"));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
  });

  it("the composer shows the server's refusal", async () => {
    const s = { me: ME, publish: async () => "Too many posts", publishing: false } as unknown as SocialFeedState;
    render(<Composer s={s} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("composer-post"));
    expect((await screen.findByRole("alert")).textContent).toBe("Your post was not published: Too many posts");
  });

  it("the live bar: 'N new posts', a click shows them", () => {
    const showNew = vi.fn();
    const { rerender } = render(<NewPostsBar s={{ live: { count: 0 }, showNew } as unknown as SocialFeedState} />);
    expect(screen.queryByTestId("new-posts")).toBeNull();
    rerender(<NewPostsBar s={{ live: { count: 3 }, showNew } as unknown as SocialFeedState} />);
    const bar = screen.getByRole("button", { name: "Show 3 new posts" });
    expect(bar.textContent).toContain("3 new posts");
    fireEvent.click(bar);
    expect(showNew).toHaveBeenCalled();
  });

  it("trending topics: tokens and tags with counts, then posts and transactions; a click chooses one", () => {
    const selectTopic = vi.fn();
    const data: TrendingTopic[] = [
      { topic: "RAI", kind: "token", count: 4 },
      { topic: "defi", kind: "tag", count: 1 },
      { topic: "post", kind: "post", count: 9 },
      { topic: "tx", kind: "tx", count: 2 },
    ];
    const s = { trending: { data, isPending: false, isError: false }, topic: "RAI", tab: "all", selectTopic };
    render(<TrendingTopics s={s as unknown as SocialFeedState} />);
    const list = within(screen.getByTestId("trending"));
    expect(list.getByRole("button", { name: "$RAI, 4 posts" }).getAttribute("aria-pressed")).toBe("true");
    expect(list.getByRole("button", { name: "#defi, 1 post" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(list.getByRole("button", { name: "Transactions, 2 trades" }));
    expect(selectTopic).toHaveBeenCalledWith("tx");
    cleanup();
    render(
      <TrendingTopics
        s={{ trending: { data: data.slice(2), isPending: false, isError: false }, tab: "all", topic: null } as never}
      />,
    );
    expect(screen.getByTestId("trending-empty").textContent).toBe("Nothing is trending yet");
  });

  it("the mini profile: connect without a wallet; figures with one", () => {
    const connect = vi.fn();
    render(
      <MemoryRouter>
        <MiniProfile s={{ me: undefined, connect } as unknown as SocialFeedState} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Connect wallet" }));
    expect(connect).toHaveBeenCalled();
    cleanup();
    const data = {
      user: { ...post().user, id: ME, name: "Me", url: `/sts/profile/${ME}` },
      posts: 2,
      predictions: 5,
      scored: 4,
      correct: 3,
      points: 30,
    };
    render(
      <MemoryRouter>
        <MiniProfile s={{ me: ME, profile: { data, isError: false } } as unknown as SocialFeedState} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Open profile" }).getAttribute("href")).toBe(`/sts/profile/${ME}`);
    expect(screen.getByTestId("stat-statPoints").textContent).toBe("30");
    expect(screen.getByTestId("stat-statCorrect").textContent).toBe("3");
  });
});

describe("useLiveFeed", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the stream from the newest post, counts new posts for this view, closes on unmount", () => {
    const sources: { url: string; listeners: Map<string, (e: MessageEvent) => void>; closed: boolean }[] = [];
    class FakeEventSource {
      listeners = new Map<string, (e: MessageEvent) => void>();
      closed = false;
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener(name: string, fn: (e: MessageEvent) => void) {
        this.listeners.set(name, fn);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal("EventSource", FakeEventSource);
    const shown = new Set<string>(["10"]);
    const { result, rerender, unmount } = renderHook(
      (p: { since: string | null; tab: "all" | "tx" }) =>
        useLiveFeed({ chain: "local", me: ME, tab: p.tab, topic: null, since: p.since, shown }),
      { initialProps: { since: null as string | null, tab: "all" as "all" | "tx" } },
    );
    expect(sources.length).toBe(0); // not before the first page
    rerender({ since: "10", tab: "all" });
    expect(sources[0]?.url).toBe(`/api/local/sofi/posts/stream?address=${ME}&since=10`);
    const send = (id: string, author: string) =>
      act(() =>
        sources[0]?.listeners.get("post")?.({
          data: JSON.stringify({ id, created_at: 1, author, topics: [] }),
        } as MessageEvent),
      );
    send("11", AUTHOR.toLowerCase());
    send("11", AUTHOR.toLowerCase());
    send("12", ME);
    send("13", AUTHOR.toLowerCase());
    expect(result.current.count).toBe(2);
    act(() => result.current.reset());
    expect(result.current.count).toBe(0);
    rerender({ since: "10", tab: "tx" });
    expect(sources[0]?.closed).toBe(true);
    expect(sources.length).toBe(1); // no stream on the transaction tab
    unmount();
  });
});
