import { WarningOutlined } from "@ant-design/icons";
import type { TokenList } from "@sofi/core";
import { chainById } from "@sofi/protocol";
import { Alert, Button, Checkbox, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { listErrorText } from "./error-text.ts";
import { addCustomToken } from "./hooks.ts";
import { dispatchList, nextRequestId } from "./lists-store.ts";
import { TokenLogo } from "./TokenLogo.tsx";
import type { UiToken } from "./types.ts";

function Understand({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation("tokens");
  return (
    <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)}>
      {t("iUnderstand")}
    </Checkbox>
  );
}

/** Spec 000 §5: importing a token needs ticking I understand; it is then kept locally as a custom token. */
export function ImportTokenView({ token, onImported }: { token: UiToken; onImported: (token: UiToken) => void }) {
  const { t } = useTranslation("tokens");
  const [understood, setUnderstood] = useState(false);
  const explorer = chainById(token.chainId)?.explorerUrl;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16, padding: "0 20px" }}>
      <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
        <TokenLogo token={token} size={40} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {token.symbol}
          </Typography.Title>
          <Typography.Text type="secondary">{token.name}</Typography.Text>
        </div>
        <Tag color="error" style={{ marginInlineStart: "auto" }} icon={<WarningOutlined />}>
          {t("unknownSource")}
        </Tag>
      </div>
      <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
        {token.address}
      </Typography.Text>
      {explorer && token.address !== "native" && (
        <a href={`${explorer}/address/${token.address}`} target="_blank" rel="noreferrer">
          {t("viewOnExplorer")}
        </a>
      )}
      <Alert
        type="error"
        showIcon
        title={t("tradeAtOwnRisk")}
        description={
          <>
            <div>{t("notOnLists")}</div>
            <div>{t("importTokenWarning")}</div>
          </>
        }
      />
      <Understand checked={understood} onChange={setUnderstood} />
      <Button
        type="primary"
        size="large"
        block
        disabled={!understood}
        onClick={() => {
          addCustomToken(token);
          onImported(token);
        }}
      >
        {t("import")}
      </Button>
    </div>
  );
}

/** Spec 000 §5: importing a list needs ticking I understand; the list becomes active. */
export function ImportListView({ url, list, onImported }: { url: string; list: TokenList; onImported: () => void }) {
  const { t } = useTranslation("tokens");
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16, padding: "0 20px" }}>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {list.name}
        </Typography.Title>
        <Typography.Text type="secondary">{t("tokenCount", { count: list.tokens.length })}</Typography.Text>
        <div>
          <Typography.Text type="secondary" style={{ wordBreak: "break-all", fontSize: 12 }}>
            {url}
          </Typography.Text>
        </div>
      </div>
      <Alert
        type="error"
        showIcon
        title={t("importListWarningTitle")}
        description={
          <>
            <div>{t("importListWarning")}</div>
            <div>{t("importListWarning2")}</div>
          </>
        }
      />
      <Understand checked={understood} onChange={setUnderstood} />
      {error && <Alert type="error" title={error} role="alert" />}
      <Button
        type="primary"
        size="large"
        block
        disabled={!understood}
        onClick={() => {
          try {
            dispatchList({ type: "addList", url });
            dispatchList({ type: "fetchFulfilled", url, requestId: nextRequestId(), tokenList: list });
            dispatchList({ type: "enableList", url });
            onImported();
          } catch (e) {
            console.warn("Error importing list", e);
            setError(listErrorText(t, e instanceof Error ? e.message : t("errorImporting")) || t("errorImporting"));
          }
        }}
      >
        {t("import")}
      </Button>
    </div>
  );
}
