import { AI_ERRORS, AI_MESSAGE_MAX, AI_TOPICS, type AiReply } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { AiBoxView } from "./AiBox.tsx";
import { InterestView } from "./InterestView.tsx";
import { type AiBuilderState, createHref, phraseProblem, postAi, useAiBuilder } from "./useAiBuilder.ts";

const REPLY: AiReply = {
  tokens: [
    { address: "0x0000000000000000000000000000000000000001", symbol: "DOGAI", name: "Doge AI", reason: "tagged meme" },
    {
      address: "0x0000000000000000000000000000000000000002",
      symbol: "FROGGO",
      name: "Froggo Inu",
      reason: "tagged meme",
    },
  ],
  message: 'For "meme" I picked 2 tokens.',
  source: "offline",
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const state = (over: Partial<AiBuilderState> = {}): AiBuilderState => ({
  text: "",
  setText: () => {},
  submit: () => {},
  problem: null,
  loading: false,
  failed: false,
  retry: () => {},
  reply: undefined,
  createHref: null,
  ...over,
});

beforeAll(async () => {
  await initI18n("en");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AI builder rules", () => {
  it("a phrase must be non-empty (spec 001 §5) and at most 200 characters", () => {
    expect(phraseProblem("")).toBe("required");
    expect(phraseProblem("   ")).toBe("required");
    expect(phraseProblem("x".repeat(AI_MESSAGE_MAX + 1))).toBe("tooLong");
    expect(phraseProblem(" meme ")).toBeNull();
  });
  it("the wizard link carries the term, encoded", () => {
    expect(createHref(" Base Ecosystem ")).toBe("/sts/create?search=Base%20Ecosystem");
    expect(createHref("a&b=c")).toBe("/sts/create?search=a%26b%3Dc");
  });
  it("postAi sends the phrase and language and checks the reply's shape", async () => {
    const f = vi.fn(async () => json(200, REPLY));
    await expect(postAi("local", "meme", "ko", { fetchImpl: f as never })).resolves.toEqual(REPLY);
    expect(f).toHaveBeenCalledWith(
      "/api/local/sofi/ai",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ message: "meme", lang: "ko" }) }),
    );
    const bad = vi.fn(async () => json(200, { tokens: "no" }));
    await expect(postAi("local", "meme", "en", { fetchImpl: bad as never })).rejects.toThrow("POST /sofi/ai failed");
  });
});

describe("useAiBuilder", () => {
  it("an empty phrase is refused before anything is sent", () => {
    const f = vi.fn();
    vi.stubGlobal("fetch", f);
    const { result } = renderHook(() => useAiBuilder("local", "en"), { wrapper });
    act(() => result.current.submit("   "));
    expect(result.current.problem).toBe("required");
    expect(f).not.toHaveBeenCalled();
    act(() => result.current.setText("m"));
    expect(result.current.problem).toBeNull();
  });

  it("a reply gives the picks and the wizard link that preselects exactly them", async () => {
    const f = vi.fn(async () => json(200, REPLY));
    vi.stubGlobal("fetch", f);
    const { result } = renderHook(() => useAiBuilder("local", "en"), { wrapper });
    act(() => result.current.submit("  meme "));
    await waitFor(() => expect(result.current.reply).toEqual(REPLY));
    expect(JSON.parse((f.mock.calls[0] as unknown as [string, { body: string }])[1].body)).toEqual({
      message: "meme",
      lang: "en",
    });
    expect(result.current.createHref).toBe("/sts/create?search=DOGAI%20FROGGO");
  });

  it("the API's validation text becomes the field's problem; other failures are retried", async () => {
    let answer = json(400, { error: AI_ERRORS.tooLong });
    const f = vi.fn(async () => answer);
    vi.stubGlobal("fetch", f);
    const { result } = renderHook(() => useAiBuilder("local", "en"), { wrapper });
    act(() => result.current.submit("meme"));
    await waitFor(() => expect(result.current.problem).toBe("tooLong"));
    expect(result.current.failed).toBe(false);

    answer = json(503, { error: "down" });
    act(() => result.current.submit("meme"));
    await waitFor(() => expect(result.current.failed).toBe(true));
    answer = json(200, { ...REPLY, tokens: [] });
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.reply?.tokens).toEqual([]));
    expect(f).toHaveBeenCalledTimes(3);
    // No picks: no wizard link.
    expect(result.current.createHref).toBeNull();
  });
});

describe("AI box view", () => {
  it("shows the message, the picks with their reasons and the create link", () => {
    render(
      <MemoryRouter>
        <AiBoxView s={state({ reply: REPLY, createHref: "/sts/create?search=DOGAI%20FROGGO" })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Build your portfolio with AI", level: 2 })).toBeTruthy();
    expect(screen.getByTestId("ai-message").textContent).toBe(REPLY.message);
    expect(screen.getByRole("list", { name: "Suggested tokens" }).querySelectorAll("li")).toHaveLength(2);
    expect(screen.getByTestId("ai-pick-DOGAI").textContent).toContain("tagged meme");
    const link = screen.getByRole("link", { name: "Create a portfolio with DOGAI, FROGGO" });
    expect(link.getAttribute("href")).toBe("/sts/create?search=DOGAI%20FROGGO");
    expect(screen.getByRole("note", { name: "Ranked offline by tags and market data" }).textContent).toBe(
      "Ranked offline by tags and market data",
    );
    expect(screen.getByTestId("ai-reply").getAttribute("data-source")).toBe("offline");
  });

  it("says plainly which source ranked the picks, for both sources, in en and ko (issue 24)", async () => {
    const { rerender } = render(
      <MemoryRouter>
        <AiBoxView s={state({ reply: { ...REPLY, source: "model" } })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("note", { name: "Ranked by the AI model" }).textContent).toBe("Ranked by the AI model");
    expect(screen.queryByRole("note", { name: "Ranked offline by tags and market data" })).toBeNull();
    await act(async () => {
      await initI18n("ko");
    });
    try {
      rerender(
        <MemoryRouter>
          <AiBoxView s={state({ reply: { ...REPLY, source: "model" } })} />
        </MemoryRouter>,
      );
      expect(screen.getByRole("note", { name: "AI 모델이 순위를 매겼습니다" })).toBeTruthy();
      rerender(
        <MemoryRouter>
          <AiBoxView s={state({ reply: REPLY })} />
        </MemoryRouter>,
      );
      expect(screen.getByRole("note", { name: "태그와 시장 데이터로 오프라인에서 순위를 매겼습니다" })).toBeTruthy();
    } finally {
      await act(async () => {
        await initI18n("en");
      });
    }
  });

  it("never renders a reply's HTML or markdown as markup (issue 24)", () => {
    const html = "<img src=x onerror=alert(1)>";
    const hostile: AiReply = {
      tokens: [{ ...(REPLY.tokens[0] as AiReply["tokens"][number]), reason: "<b>bold</b> [claim](https://evil.com)" }],
      message: `${html} <a href="https://evil.com">claim</a>`,
      source: "model",
    };
    const { container } = render(
      <MemoryRouter>
        <AiBoxView s={state({ reply: hostile })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("ai-message").textContent).toBe(hostile.message);
    expect(screen.getByTestId("ai-pick-DOGAI").textContent).toContain("<b>bold</b> [claim](https://evil.com)");
    expect(container.querySelector('img[src="x"], [onerror], b, a[href^="https://evil"]')).toBeNull();
  });

  it("loading, error with retry, empty reply and the phrase's problem", () => {
    const retry = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <AiBoxView s={state({ loading: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("ai-loading")).toBeTruthy();
    rerender(
      <MemoryRouter>
        <AiBoxView s={state({ failed: true, retry })} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Could not get suggestions.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalled();
    rerender(
      <MemoryRouter>
        <AiBoxView s={state({ reply: { ...REPLY, tokens: [], source: "model" } })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("ai-empty").textContent).toBe("No token matched. Try another interest.");
    expect(screen.queryByTestId("ai-create")).toBeNull();
    expect(screen.getByRole("note", { name: "Ranked by the AI model" })).toBeTruthy();
    rerender(
      <MemoryRouter>
        <AiBoxView s={state({ problem: "required" })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Please enter your interest");
    expect(screen.getByRole("textbox", { name: "Your interest" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("submitting the form submits the typed phrase", () => {
    const submit = vi.fn();
    render(
      <MemoryRouter>
        <AiBoxView s={state({ text: "gold", submit })} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: /Ask AI/ }));
    expect(submit).toHaveBeenCalledWith("gold");
  });
});

describe("interest view", () => {
  function Where() {
    const l = useLocation();
    return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
  }
  const renderAt = () =>
    render(
      <MemoryRouter initialEntries={["/sts"]}>
        <Routes>
          <Route path="/sts" element={<InterestView />} />
          <Route path="/sts/create" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );

  it("each quick topic links to the wizard with its term", () => {
    renderAt();
    expect(screen.getByRole("heading", { name: "What's your interest?" })).toBeTruthy();
    // Topics and terms are matched offline; the view says so (issue 24).
    expect(
      screen.getByRole("note", {
        name: "Matched offline by the tokens' tags, symbols and names, without the AI model",
      }),
    ).toBeTruthy();
    for (const topic of AI_TOPICS) {
      const link = screen.getByRole("link", { name: `Create a portfolio with ${topic} tokens` });
      expect(link.getAttribute("href")).toBe(`/sts/create?search=${encodeURIComponent(topic)}`);
    }
  });

  it("Enter with an empty term says so; with a term it opens /sts/create?search={term}", () => {
    renderAt();
    const input = screen.getByRole("textbox", { name: "Interest" });
    fireEvent.click(screen.getByRole("button", { name: "Enter" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter your interest");
    fireEvent.change(input, { target: { value: "RWA gold" } });
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(screen.getByTestId("where").textContent).toBe("/sts/create?search=RWA%20gold");
  });
});
