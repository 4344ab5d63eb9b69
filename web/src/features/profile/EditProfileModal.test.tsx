import type { ManagerInfo } from "@sofi/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { EditProfileModal } from "./EditProfileModal.tsx";
import type { ProfileState } from "./useProfileState.ts";

const ME = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

vi.mock("../../kernel/signed-headers.ts", () => ({
  useSignedHeaders: () => ({
    getHeaders: async () => ({ address: ME, signature: "0xsig", signatureMessage: "msg" }),
    peekHeaders: () => null,
    ready: true,
  }),
}));

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const info: ManagerInfo = {
  address: ME,
  photo_url: null,
  name: "Old",
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
};

const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

function renderModal(onSaved = vi.fn()) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <EditProfileModal
        s={{ chain: "local", address: ME } as unknown as ProfileState}
        info={info}
        onClose={vi.fn()}
        onSaved={onSaved}
      />
    </QueryClientProvider>,
  );
  return onSaved;
}

const fileInput = () => document.querySelector("input[type=file]") as HTMLInputElement;

describe("the profile form (spec 001 §5)", () => {
  beforeAll(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a bad email shows please_input_right_email and sends nothing; a non-image avatar is refused by its bytes", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderModal();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByTestId("profile-save"));
    expect(await screen.findByText("Please input a right email")).toBeTruthy();
    fireEvent.change(fileInput(), {
      target: { files: [new File(["just text"], "fake.png", { type: "image/png" })] },
    });
    expect((await screen.findByTestId("avatar-error")).textContent).toContain("You can only upload JPG/PNG file!");
    fireEvent.change(fileInput(), {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024)], "big.gif", { type: "image/gif" })] },
    });
    await waitFor(() =>
      expect(screen.getByTestId("avatar-error").textContent).toContain("You can only upload JPG/PNG file!"),
    );
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(PNG);
    fireEvent.change(fileInput(), { target: { files: [new File([big], "big.png", { type: "image/png" })] } });
    await waitFor(() =>
      expect(screen.getByTestId("avatar-error").textContent).toContain("Image must smaller than 2MB!"),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the fields and the new avatar with one signed POST, then reports success", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...info, name: "New" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onSaved = renderModal();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "New" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "me@example.com" } });
    fireEvent.change(fileInput(), { target: { files: [new File([PNG], "me.png", { type: "image/png" })] } });
    await waitFor(() =>
      expect(screen.getByTestId("avatar-preview").getAttribute("src")).toMatch(/^data:image\/png;base64,/),
    );
    fireEvent.click(screen.getByTestId("profile-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/local/sofi/managers/${ME}`);
    expect(init.method).toBe("POST");
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ name: "New", email: "me@example.com" });
    expect(body.photo_url).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(body.twitter_text).toBeUndefined();
  });

  it("a refusal toasts Setting Failed! with the translated reason", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "please_input_right_email" }), { status: 400 })),
    );
    renderModal();
    fireEvent.click(screen.getByTestId("profile-save"));
    expect(await screen.findByText("Setting Failed! Please input a right email")).toBeTruthy();
  });
});
