import { CloseOutlined } from "@ant-design/icons";
import { BREAKPOINTS_PX } from "@sofi/core";
import { Button, Modal } from "antd";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../kernel/hooks.ts";
import { type DragSample, dragVelocity, shouldCloseOnDrag } from "./drag.ts";
import "./sheet-modal.css";

export type SheetModalProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  footer?: ReactNode;
  children: ReactNode;
};

/** Phones and small tablets get the bottom sheet. */
export const SHEET_QUERY = `(max-width: ${BREAKPOINTS_PX.upToSmall}px)`;
export const MODAL_MAX_WIDTH_PX = 420;

function BottomSheet({ open, onClose, title, ariaLabel, footer, children }: SheetModalProps) {
  const { t } = useTranslation("shell");
  const titleId = useId();
  const [dy, setDy] = useState(0);
  const [dragging, setDragging] = useState(false);
  const samples = useRef<DragSample[]>([]);
  const active = useRef(false);
  const startY = useRef(0);
  const sheetRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setDy(0);
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    sheetRef.current?.focus();
    return () => {
      document.body.style.overflow = prevOverflow;
      document.removeEventListener("keydown", onKey);
    };
  }, [open, onClose]);

  if (!open) return null;

  const onPointerDown = (e: React.PointerEvent) => {
    startY.current = e.clientY;
    samples.current = [{ t: e.timeStamp, y: e.clientY }];
    active.current = true;
    setDragging(true);
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!active.current) return;
    samples.current.push({ t: e.timeStamp, y: e.clientY });
    if (samples.current.length > 20) samples.current.shift();
    setDy(Math.max(0, e.clientY - startY.current));
  };
  const onPointerUp = (e: React.PointerEvent) => {
    if (!active.current) return;
    active.current = false;
    samples.current.push({ t: e.timeStamp, y: e.clientY });
    setDragging(false);
    const moved = Math.max(0, e.clientY - startY.current);
    if (shouldCloseOnDrag(moved, dragVelocity(samples.current))) onClose();
    else setDy(0);
  };
  const dragHandlers = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: backdrop click closes; Escape is handled on document
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on document
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={sheetRef}
        className={`sheet${dragging ? " dragging" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        style={{ transform: `translateY(${dy}px)` }}
      >
        <div className="sheet-drag-area" {...dragHandlers}>
          <span className="sheet-handle" role="presentation" title={t("modal.dragHandle")} />
          <div className="sheet-header">
            <span id={titleId}>{title}</span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t("modal.close")}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={onClose}
            />
          </div>
        </div>
        <div className="sheet-body">{children}</div>
        {footer && <div className="sheet-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/**
 * The generic modal of spec 000 §2: a centred dialog at most 420 px wide and 90vh high; on
 * phone widths a bottom sheet that closes on a drag over 300 px or a fast downward flick.
 */
export function SheetModal(props: SheetModalProps) {
  const { t } = useTranslation("shell");
  const asSheet = useMediaQuery(SHEET_QUERY);
  if (asSheet) return <BottomSheet {...props} />;
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      title={props.title}
      aria-label={props.title ? undefined : props.ariaLabel}
      footer={props.footer ?? null}
      width={MODAL_MAX_WIDTH_PX}
      centered
      closable={{ "aria-label": t("modal.close") }}
      styles={{ body: { maxHeight: "calc(90vh - 120px)", overflowY: "auto" } }}
    >
      {props.children}
    </Modal>
  );
}
