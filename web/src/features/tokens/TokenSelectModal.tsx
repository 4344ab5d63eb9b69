import { ArrowLeftOutlined } from "@ant-design/icons";
import type { TokenList } from "@sofi/core";
import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SheetModal } from "../shell/index.ts";
import { ImportListView, ImportTokenView } from "./ImportViews.tsx";
import { ManageView } from "./ManageView.tsx";
import { SearchView } from "./SearchView.tsx";
import type { UiToken } from "./types.ts";

export type TokenSelectModalProps = {
  open: boolean;
  onClose: () => void;
  onSelect: (token: UiToken) => void;
  /** The token this selector currently holds (shown, not selectable). */
  selected?: UiToken | null;
  /** The other side's token (dimmed; choosing it is the caller's "swap sides"). */
  other?: UiToken | null;
  showCommonBases?: boolean;
};

type View =
  | { kind: "search" }
  | { kind: "manage" }
  | { kind: "importToken"; token: UiToken; from: "search" | "manage" }
  | { kind: "importList"; url: string; list: TokenList };

/** Spec 000 §2 token selector: search, manage, import token and import list views. */
export function TokenSelectModal({
  open,
  onClose,
  onSelect,
  selected,
  other,
  showCommonBases = true,
}: TokenSelectModalProps) {
  const { t } = useTranslation("tokens");
  const [view, setView] = useState<View>({ kind: "search" });
  useEffect(() => {
    if (open) setView({ kind: "search" });
  }, [open]);

  const select = (token: UiToken) => {
    onSelect(token);
    onClose();
  };

  const back: (() => void) | null =
    view.kind === "manage"
      ? () => setView({ kind: "search" })
      : view.kind === "importToken"
        ? () => setView({ kind: view.from === "manage" ? "manage" : "search" })
        : view.kind === "importList"
          ? () => setView({ kind: "manage" })
          : null;

  const title =
    view.kind === "search"
      ? t("selectToken")
      : view.kind === "manage"
        ? t("manageTitle")
        : view.kind === "importToken"
          ? t("importTokenTitle")
          : t("importListTitle");

  return (
    <SheetModal
      open={open}
      onClose={onClose}
      title={
        <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
          {back && (
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t("back")} onClick={back} />
          )}
          {title}
        </span>
      }
      ariaLabel={title}
    >
      <div style={{ margin: "0 -20px", paddingBottom: 8 }}>
        {view.kind === "search" && (
          <SearchView
            selected={selected}
            other={other}
            showCommonBases={showCommonBases}
            onSelect={select}
            onImport={(token) => setView({ kind: "importToken", token, from: "search" })}
            onManage={() => setView({ kind: "manage" })}
          />
        )}
        {view.kind === "manage" && (
          <ManageView
            onImportList={(url, list) => setView({ kind: "importList", url, list })}
            onImportToken={(token) => setView({ kind: "importToken", token, from: "manage" })}
          />
        )}
        {view.kind === "importToken" && <ImportTokenView token={view.token} onImported={select} />}
        {view.kind === "importList" && (
          <ImportListView url={view.url} list={view.list} onImported={() => setView({ kind: "manage" })} />
        )}
      </div>
    </SheetModal>
  );
}
