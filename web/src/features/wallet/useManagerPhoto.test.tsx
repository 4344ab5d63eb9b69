import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppConfigContext } from "../../kernel/config.ts";
import { useManagerPhoto } from "./useManagerPhoto.ts";

const A = "0x608F9ED2d642ea05278e1572eCa623ec5aCE327F";
const config = {
  chains: [{ id: 31337, suffix: "local", name: "Local", rpcUrl: "http://127.0.0.1:1", deployment: null }],
  blockedAddresses: [],
};
const info = (photo: string | null) => ({
  address: A,
  photo_url: photo,
  name: null,
  total_market_cap: 0,
  total_sets: 0,
  total_holders: 0,
  all_apy: 0,
  created_at: 0,
  profile: "",
  twitter_url: "",
  github: "",
  email: "",
  mainnet_eth: "",
  following: false,
  followers_count: 0,
  following_count: 0,
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AppConfigContext.Provider value={config as never}>{children}</AppConfigContext.Provider>
    </QueryClientProvider>
  );
}

describe("useManagerPhoto", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is the manager info's photo_url, read for the connected address", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(info("http://x/photo?v=2")), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const { result } = renderHook(() => useManagerPhoto(A), { wrapper });
    await waitFor(() => expect(result.current).toBe("http://x/photo?v=2"));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain(`/api/local/sofi/managers/${A}`);
  });

  it("is undefined without an address (no request), without a photo, and when the read fails", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(info(null)), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    expect(renderHook(() => useManagerPhoto(undefined), { wrapper }).result.current).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    const none = renderHook(() => useManagerPhoto(A), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(none.result.current).toBeUndefined();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 500 })),
    );
    expect(renderHook(() => useManagerPhoto(A), { wrapper }).result.current).toBeUndefined();
  });
});
