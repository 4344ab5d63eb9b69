import { DeleteOutlined } from "@ant-design/icons";
import {
  canRemoveList,
  formatVersion,
  parseListLocation,
  REMOVE_LIST_CONFIRMATION,
  sortByListPriority,
  type TokenList,
  validateTokenAddress,
} from "@sofi/core";
import { chainById } from "@sofi/protocol";
import { Alert, Button, Input, Segmented, Spin, Switch, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { listErrorText } from "./error-text.ts";
import { getTokenList } from "./fetch-list.ts";
import {
  clearCustomTokens,
  removeCustomToken,
  useCustomTokens,
  useDefaultListUrls,
  useEnsResolver,
  useIsListed,
  useOnChainToken,
  useSelectedChain,
} from "./hooks.ts";
import { removeList, useListsStore } from "./lists-store.ts";
import { TokenLogo } from "./TokenLogo.tsx";
import type { UiToken } from "./types.ts";

function listLabel(url: string, list: TokenList | null | undefined): string {
  if (list?.name) return list.name;
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function RemovePrompt({ name, onConfirm, onCancel }: { name: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation("tokens");
  const [typed, setTyped] = useState("");
  return (
    <fieldset
      aria-label={t("removeList")}
      style={{
        display: "flex",
        flexDirection: "column",
        gap: 8,
        paddingTop: 8,
        border: 0,
        margin: 0,
        padding: "8px 0 0",
      }}
    >
      <Typography.Text>{t("removePrompt", { name })}</Typography.Text>
      <Input
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        aria-label={t("removeInputLabel")}
        placeholder={REMOVE_LIST_CONFIRMATION}
        autoFocus
      />
      <div style={{ display: "flex", gap: 8 }}>
        <Button danger type="primary" disabled={typed !== REMOVE_LIST_CONFIRMATION} onClick={onConfirm}>
          {t("confirmRemove")}
        </Button>
        <Button onClick={onCancel}>{t("cancel")}</Button>
      </div>
    </fieldset>
  );
}

function ListRow({ url, chainId }: { url: string; chainId: number }) {
  const { t } = useTranslation("tokens");
  const state = useListsStore((s) => s.byUrl[url]);
  const active = useListsStore((s) => s.activeListUrls.includes(url));
  const removable = useListsStore((s) => canRemoveList(s, url));
  const dispatch = useListsStore((s) => s.dispatch);
  const { defaultUrl, fallbackList } = useSelectedChain();
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const list = state?.current ?? (url === defaultUrl ? fallbackList : null);
  const name = listLabel(url, list);
  const count = list?.tokens.filter((x) => x.chainId === chainId).length ?? 0;
  return (
    <div
      data-testid="list-row"
      style={{ padding: "12px 16px", borderRadius: 12, border: "1px solid rgba(128,128,128,0.25)" }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: "block" }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: "block", fontSize: 11 }} title={url}>
            {url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {state?.loadingRequestId && !list
              ? t("loading")
              : `${t("tokenCount", { count })}${list ? ` · ${t("version", { version: formatVersion(list.version) })}` : ""}`}
          </Typography.Text>
        </div>
        {state?.loadingRequestId && <Spin size="small" aria-label={t("loading")} />}
        <Switch
          checked={active}
          aria-label={t("enableList", { name })}
          onChange={(on) => dispatch({ type: on ? "enableList" : "disableList", url })}
        />
        <Button
          type="text"
          icon={<DeleteOutlined />}
          aria-label={t("removeList")}
          aria-expanded={removing}
          onClick={() => {
            setRemoveError(removable ? null : t("lastList"));
            setRemoving(removable && !removing);
          }}
        />
      </div>
      {state?.error && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: "block" }}>
          {t("listError", { message: listErrorText(t, state.error) })}
        </Typography.Text>
      )}
      {state?.pendingUpdate && (
        <Button
          size="small"
          type="primary"
          style={{ marginTop: 8 }}
          onClick={() => dispatch({ type: "acceptListUpdate", url })}
        >
          {t("updateList")} ({formatVersion(state.pendingUpdate.version)})
        </Button>
      )}
      {removeError && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12, display: "block" }}>
          {removeError}
        </Typography.Text>
      )}
      {removing && (
        <RemovePrompt
          name={name}
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            try {
              removeList(url);
            } catch (e) {
              setRemoveError(listErrorText(t, e instanceof Error ? e.message : String(e)));
            }
            setRemoving(false);
          }}
        />
      )}
    </div>
  );
}

function ListsTab({ onImportList }: { onImportList: (url: string, list: TokenList) => void }) {
  const { t } = useTranslation("tokens");
  const { chainId } = useSelectedChain();
  const priority = useDefaultListUrls();
  const urlsKey = useListsStore((s) => Object.keys(s.byUrl).join("\n"));
  const urls = useMemo(() => sortByListPriority(urlsKey ? urlsKey.split("\n") : [], priority), [urlsKey, priority]);
  const resolveEns = useEnsResolver();
  const [location, setLocation] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trimmed = location.trim();
  const valid = !!parseListLocation(trimmed);
  const known = urls.includes(trimmed);

  const submit = async () => {
    if (!valid || known) return;
    setBusy(true);
    setError(null);
    try {
      const list = await getTokenList(trimmed, { resolveEns });
      onImportList(trimmed, list);
    } catch (e) {
      setError(listErrorText(t, e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <div style={{ display: "flex", gap: 8 }}>
        <Input
          value={location}
          onChange={(e) => {
            setLocation(e.target.value);
            setError(null);
          }}
          onPressEnter={submit}
          placeholder={t("listUrlPlaceholder")}
          aria-label={t("listUrlLabel")}
          status={trimmed && !valid ? "error" : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="primary" disabled={!valid || known} loading={busy} onClick={submit}>
          {t("importList")}
        </Button>
      </div>
      {trimmed && !valid && (
        <Typography.Text type="danger" role="alert">
          {t("enterValidListLocation")}
        </Typography.Text>
      )}
      {error && <Alert type="error" role="alert" title={error} />}
      {urls.map((u) => (
        <ListRow key={u} url={u} chainId={chainId} />
      ))}
    </div>
  );
}

function TokensTab({ onImportToken }: { onImportToken: (token: UiToken) => void }) {
  const { t } = useTranslation("tokens");
  const { chainId } = useSelectedChain();
  const custom = useCustomTokens();
  const [address, setAddress] = useState("");
  const trimmed = address.trim();
  const addressError = trimmed ? validateTokenAddress(trimmed) : null;
  const lookup = useOnChainToken(trimmed && !addressError ? trimmed : null);
  const isListed = useIsListed();
  const explorer = chainById(chainId)?.explorerUrl;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <Input
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        placeholder={t("customTokenPlaceholder")}
        aria-label={t("customTokenLabel")}
        status={addressError ? "error" : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {addressError && (
        <Typography.Text type="danger" role="alert">
          {t("enterValidTokenAddress")}
        </Typography.Text>
      )}
      {lookup.isLoading && <Spin size="small" aria-label={t("loading")} />}
      {lookup.notAToken && <Typography.Text type="danger">{t("tokenNotFound")}</Typography.Text>}
      {lookup.token && (
        <div style={{ display: "flex", alignItems: "center", gap: 12 }} data-testid="custom-lookup">
          <TokenLogo token={lookup.token} size={24} />
          <Typography.Text strong style={{ flex: 1 }}>
            {lookup.token.symbol} <Typography.Text type="secondary">{lookup.token.name}</Typography.Text>
          </Typography.Text>
          {isListed(lookup.token) ? (
            <Typography.Text type="secondary">{t("alreadyListed")}</Typography.Text>
          ) : (
            <Button type="primary" onClick={() => lookup.token && onImportToken(lookup.token)}>
              {t("import")}
            </Button>
          )}
        </div>
      )}
      <div style={{ display: "flex", alignItems: "center" }}>
        <Typography.Text strong style={{ flex: 1 }}>
          {t("customTokens")} ({custom.length})
        </Typography.Text>
        {custom.length > 0 && (
          <Button type="link" onClick={() => clearCustomTokens(chainId)}>
            {t("clearAll")}
          </Button>
        )}
      </div>
      {custom.length === 0 && <Typography.Text type="secondary">{t("noCustomTokens")}</Typography.Text>}
      {custom.map((c) => (
        <div key={c.address} style={{ display: "flex", alignItems: "center", gap: 12 }} data-testid="custom-token">
          <TokenLogo token={c} size={24} />
          {explorer ? (
            <a href={`${explorer}/address/${c.address}`} target="_blank" rel="noreferrer" style={{ flex: 1 }}>
              {c.symbol}
            </a>
          ) : (
            <Typography.Text style={{ flex: 1 }}>{c.symbol}</Typography.Text>
          )}
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t("removeToken", { symbol: c.symbol })}
            onClick={() => removeCustomToken(chainId, c.address)}
          />
        </div>
      ))}
    </div>
  );
}

export function ManageView({
  onImportList,
  onImportToken,
}: {
  onImportList: (url: string, list: TokenList) => void;
  onImportToken: (token: UiToken) => void;
}) {
  const { t } = useTranslation("tokens");
  const [tab, setTab] = useState<"lists" | "tokens">("lists");
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12, padding: "0 20px" }}>
      <Segmented
        block
        value={tab}
        onChange={(v) => setTab(v as "lists" | "tokens")}
        options={[
          { label: t("lists"), value: "lists" },
          { label: t("tokens"), value: "tokens" },
        ]}
      />
      {tab === "lists" ? <ListsTab onImportList={onImportList} /> : <TokensTab onImportToken={onImportToken} />}
    </div>
  );
}
