import { LinkOutlined } from "@ant-design/icons";
import type { ProposalKind } from "@sofi/core";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { txExplorerUrl } from "../transactions/index.ts";
import { shortHash } from "./format.ts";
import { tagColor, tagOf } from "./rules.ts";

/** §4: the state's tag (review, active, canceled, failed, passed), its precise state in the title. */
export function StateTag({ state }: { state: number }) {
  const { t } = useTranslation("governance");
  const tag = tagOf(state);
  return (
    <Tag
      color={tagColor(tag)}
      className="gv-tag"
      title={t(`states.${state}`)}
      data-testid="proposal-tag"
      data-state={state}
      data-tag={tag}
    >
      {t(`tags.${tag}`)}
    </Tag>
  );
}

/** §2: the type label. */
export function KindLabel({ kind }: { kind: ProposalKind }) {
  const { t } = useTranslation("governance");
  return (
    <span className="gv-kind" data-testid="proposal-kind">
      {t(`kinds.${kind}`)}
    </span>
  );
}

/** §2: the on-chain badge, shown when the proposal has actions. */
export function OnChainBadge() {
  const { t } = useTranslation("governance");
  return (
    <Tag icon={<LinkOutlined />} color="cyan" className="gv-tag" data-testid="proposal-onchain">
      {t("onChain")}
    </Tag>
  );
}

/** A transaction: the explorer link when the chain has one, else its short hash. */
export function TxLink({ chainId, hash }: { chainId: number; hash: string }) {
  const { t } = useTranslation("governance");
  const url = txExplorerUrl(chainId, hash);
  if (!url) {
    return (
      <span className="mono" title={hash}>
        {shortHash(hash)}
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="mono"
      aria-label={t("txLink", { hash: shortHash(hash) })}
    >
      {shortHash(hash)}
    </a>
  );
}
