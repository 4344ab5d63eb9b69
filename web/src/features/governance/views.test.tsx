import { type ApiProposal, PROPOSAL_ERRORS } from "@sofi/core";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/index.ts";
import { CreateSummary } from "./CreateSummary.tsx";
import { feature } from "./feature.ts";
import dictionaries from "./i18n.ts";
import { ProposalCard } from "./ProposalCard.tsx";
import type { VotePanel as Panel, VoteDialog } from "./rules.ts";
import type { CreateState } from "./useCreateState.ts";
import type { ProposalState } from "./useProposalState.ts";
import { VotePanel } from "./VotePanel.tsx";

if (!("ResizeObserver" in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

beforeAll(async () => {
  await initI18n("en");
});

const GOVERNOR = "0xD0141E899a65C95a556fE2B27e5982A6DE7fDD7A";
const PROPOSER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function proposal(o: Partial<ApiProposal> = {}): ApiProposal {
  return {
    proposalId: "9",
    index: 9,
    contract: GOVERNOR,
    title: "Add NOVA",
    description: "List it",
    actions: "x",
    calls: [],
    kind: "editPortfolioList",
    state: 1,
    proposer: PROPOSER,
    blockHeight: 10,
    createTime: 1_800_000_000,
    startTime: 1_800_432_000,
    endTime: 1_800_691_200,
    eta: null,
    forVotes: "3000000000000000000000000",
    againstVotes: "1000000000000000000000000",
    quorum: "2000000000000000000000000",
    stake: "100000000000000000000000",
    withdrawn: false,
    txid: `0x${"ab".repeat(32)}`,
    state_history: [],
    ...o,
  };
}

function voteState(panel: Panel, o: Partial<ProposalState> = {}): ProposalState {
  return {
    panel,
    label: "SOFIP-009",
    support: null,
    setSupport: vi.fn(),
    relayOff: false,
    wrongNetwork: false,
    switchNetwork: vi.fn(),
    switching: false,
    dialog: { open: false } as VoteDialog,
    openVote: vi.fn(),
    setMethod: vi.fn(),
    closeVote: vi.fn(),
    sendVote: vi.fn(),
    connect: vi.fn(),
    ...o,
  } as unknown as ProposalState;
}

describe("the list card (§2)", () => {
  it("is labelled SOFIP- and the zero-padded index, with its state tag and tally, linking to the detail", () => {
    render(
      <MemoryRouter>
        <ul>
          <ProposalCard p={proposal({ state: 4 })} />
        </ul>
      </MemoryRouter>,
    );
    const card = screen.getByTestId("proposal-card");
    expect(card.getAttribute("href")).toBe(`/proposals/${GOVERNOR}/9`);
    expect(within(card).getByTestId("proposal-label").textContent).toBe("SOFIP-009");
    expect(within(card).getByTestId("proposal-tag").textContent).toBe("Passed");
    expect(within(card).getByTestId("tally-for").textContent).toBe("3,000,000");
    expect(within(card).getByRole("img").getAttribute("aria-label")).toBe("75% for, 25% against");
  });
});

describe("the vote panel (§4)", () => {
  it("nothing outside state 1", () => {
    const { container } = render(<VotePanel s={voteState({ kind: "hidden" })} />);
    expect(container.textContent).toBe("");
  });
  it("connect wallet without one", () => {
    const s = voteState({ kind: "connect" });
    render(<VotePanel s={s} />);
    fireEvent.click(screen.getByTestId("vote-connect"));
    expect(s.connect).toHaveBeenCalled();
    expect(screen.getByTestId("vote-connect").textContent).toBe("Connect wallet");
  });
  it("the user's choice after voting", () => {
    render(<VotePanel s={voteState({ kind: "voted", support: false, votes: 1_500_000n * 10n ** 18n })} />);
    expect(screen.getByTestId("vote-mine").textContent).toContain("You voted");
    expect(screen.getByTestId("vote-mine").textContent).toContain("Against");
    expect(screen.getByTestId("vote-mine").textContent).toContain("1,500,000");
  });
  it("votes the chain could not be read for: a warning, no Vote button", () => {
    render(<VotePanel s={voteState({ kind: "votesUnreadable" })} />);
    expect(screen.getByTestId("vote-unreadable").textContent).toContain("could not be read");
    expect(screen.queryByTestId("vote-open")).toBeNull();
    expect(screen.queryByTestId("vote-none")).toBeNull();
  });
  it("For/Against and Vote with votes; Vote waits for a choice", () => {
    const s = voteState({ kind: "vote", votes: 10n ** 24n });
    render(<VotePanel s={s} />);
    expect((screen.getByTestId("vote-open") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText("For"));
    expect(s.setSupport).toHaveBeenCalledWith(true);
  });
  it("the dialog offers the gasless vote and the wallet's; a failure shows and stops loading", () => {
    const s = voteState(
      { kind: "vote", votes: 10n ** 24n },
      {
        support: true,
        dialog: {
          open: true,
          support: true,
          method: "gasless",
          sending: false,
          error: "User cancelled the transaction.",
        },
      },
    );
    render(<VotePanel s={s} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Vote for free")).toBeTruthy();
    expect(within(dialog).getByText("Vote with your wallet")).toBeTruthy();
    expect(within(dialog).getByTestId("vote-error").textContent).toContain("User cancelled the transaction.");
    const confirm = within(dialog).getByTestId("vote-confirm");
    expect(confirm.className).not.toContain("ant-btn-loading");
    fireEvent.click(confirm);
    expect(s.sendVote).toHaveBeenCalled();
  });
  it("while sending the confirm button loads; when the relay is unavailable only the wallet's vote shows", () => {
    const s = voteState(
      { kind: "vote", votes: 10n ** 24n },
      { relayOff: true, dialog: { open: true, support: false, method: "wallet", sending: true, error: null } },
    );
    render(<VotePanel s={s} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByText("Vote for free")).toBeNull();
    expect(within(dialog).getByTestId("vote-relay-off")).toBeTruthy();
    expect(within(dialog).getByTestId("vote-confirm").className).toContain("ant-btn-loading");
  });
});

describe("the create summary's button sequence (§4)", () => {
  const base = {
    button: "connectWallet",
    wrongNetwork: false,
    switching: false,
    approving: false,
    account: undefined,
    balance: null,
    threshold: 100_000n * 10n ** 18n,
    sofi: { address: "0x1", symbol: "SOFI", decimals: 18 },
    settings: undefined,
    range: { min: 3, max: 30 },
    form: { shownDays: 5, setDays: vi.fn() },
    connect: vi.fn(),
    approve: vi.fn(),
    openConfirm: vi.fn(),
    switchNetwork: vi.fn(),
    back: vi.fn(),
  };
  const cases: [string, string, string, boolean][] = [
    ["connectWallet", "connect", "Connect wallet", false],
    ["insufficientBalance", "insufficient", "Insufficient balance", true],
    ["approve", "approve", "Approve SOFI", false],
    ["create", "create", "Create proposal", false],
  ];
  for (const [button, state, text, disabled] of cases) {
    it(`${button}: "${text}"`, () => {
      render(
        <CreateSummary
          s={{ ...base, button, account: button === "connectWallet" ? undefined : PROPOSER } as unknown as CreateState}
        />,
      );
      const b = screen.getByTestId("create-button") as HTMLButtonElement;
      expect(b.dataset.state).toBe(state);
      expect(b.textContent).toBe(text);
      expect(b.disabled).toBe(disabled);
      expect(screen.getByTestId("create-minimum").textContent).toBe("100,000 SOFI");
    });
  }
});

describe("the manifest and the texts", () => {
  it("routes, the Governance entry and profile tab 3's created proposals (own profile)", () => {
    expect(feature.capability).toBe("governance");
    expect(feature.routes?.map((r) => r.path)).toEqual([
      "/proposals",
      "/proposals/select",
      "/proposals/create",
      "/proposals/:contract/:proposalId",
    ]);
    expect(feature.nav).toEqual([{ id: "governance", order: 50, labelKey: "nav.governance", to: "/proposals" }]);
    expect(feature.slots?.["profile.tabs"]).toMatchObject([{ tab: "3", visibleTo: "own", ns: "governance" }]);
  });

  it("en and ko: §5 and §8 texts, the toasts", () => {
    const { en, ko } = dictionaries;
    for (const [key, text] of Object.entries(PROPOSAL_ERRORS))
      expect(en.errors[key as keyof typeof en.errors], key).toBe(text);
    expect(en.cancelled).toBe("User cancelled the transaction.");
    expect(en.toast.cancel_vote_success).toBe("Canceled the proposal");
    expect(en.toast.claim_success).toBe("Claimed your stake");
    expect(ko.toast.cancel_vote_success).toBeTruthy();
    expect(ko.toast.claim_success).toBeTruthy();
    for (const tag of ["review", "active", "canceled", "failed", "passed"] as const) {
      expect(en.tags[tag]).toBeTruthy();
      expect(ko.tags[tag]).toBeTruthy();
    }
  });
});
