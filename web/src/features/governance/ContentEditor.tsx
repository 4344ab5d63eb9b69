import { PROPOSAL_CONTENT_MAX, PROPOSAL_ERRORS, PROPOSAL_TITLE_MAX } from "@sofi/core";
import { Input, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { Markdown } from "./markdown.tsx";
import type { CreateForm } from "./useCreateForm.ts";
import { problemText } from "./useCreateState.ts";

/** The title and the markdown content with its write and preview tabs (spec 002 §2). */
export function ContentEditor({ form }: { form: CreateForm }) {
  const { t } = useTranslation("governance");
  const contentProblem = form.shownFormProblem === PROPOSAL_ERRORS.content ? form.shownFormProblem : null;
  return (
    <section className="gv-panel" aria-labelledby="gv-content-title">
      <h2 id="gv-content-title" className="gv-section-title">
        {t("proposal")}
      </h2>
      <div className="gv-field">
        <label htmlFor="gv-title" className="gv-label-text">
          {t("titleField")}
        </label>
        <Input
          id="gv-title"
          value={form.title}
          onChange={(e) => form.setTitle(e.target.value)}
          maxLength={PROPOSAL_TITLE_MAX}
          placeholder={t("titlePlaceholder")}
          status={form.titleProblem ? "error" : undefined}
          aria-invalid={!!form.titleProblem}
          aria-describedby={form.titleProblem ? "gv-title-error" : undefined}
          data-testid="create-title"
        />
        {form.titleProblem && (
          <div id="gv-title-error" className="gv-error" role="alert">
            {problemText(t, form.titleProblem)}
          </div>
        )}
      </div>
      <div className="gv-field">
        <span className="gv-label-text" id="gv-content-label">
          {t("contentField")}
        </span>
        <Tabs
          className="gv-editor"
          activeKey={form.tab}
          onChange={(k) => form.setTab(k as "write" | "preview")}
          size="small"
          items={[
            {
              key: "write",
              label: <span data-testid="create-tab-write">{t("write")}</span>,
              children: (
                <Input.TextArea
                  value={form.content}
                  onChange={(e) => form.setContent(e.target.value)}
                  autoSize={{ minRows: 8, maxRows: 24 }}
                  maxLength={PROPOSAL_CONTENT_MAX}
                  showCount
                  placeholder={t("contentPlaceholder")}
                  aria-labelledby="gv-content-label"
                  status={contentProblem ? "error" : undefined}
                  aria-invalid={!!contentProblem}
                  data-testid="create-content"
                />
              ),
            },
            {
              key: "preview",
              label: <span data-testid="create-tab-preview">{t("preview")}</span>,
              children: (
                <div className="gv-preview" data-testid="create-preview">
                  {form.content.trim() ? (
                    <Markdown source={form.content} />
                  ) : (
                    <p className="gv-muted">{t("nothingToPreview")}</p>
                  )}
                </div>
              ),
            },
          ]}
        />
        {contentProblem && (
          <div className="gv-error" role="alert" data-testid="create-content-error">
            {problemText(t, contentProblem)}
          </div>
        )}
      </div>
    </section>
  );
}
