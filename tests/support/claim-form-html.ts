import type { ClaimDefinition, FieldSpec } from "#claims/engine/types";
import { SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import { byRole, type HtmlPage } from "./html-page";

/**
 * A claim form read over HTTP and answered the way a visitor without JavaScript does: the page's own
 * controls are set (a box checked, an option selected, a value typed) and its form posted with the
 * button clicked, so what the server reads is what its HTML asks for (ADR 045).
 */

const css = (value: string) => JSON.stringify(value);

/** Sets one step's controls in the page's document; answers left out (or blank) are skipped. */
export function answerStepInHtml(page: HtmlPage, definition: ClaimDefinition, stepIndex: number, answers: Record<string, unknown>) {
  const form = claimForm(page);
  for (const field of definition.steps[stepIndex]!.fields) {
    const value = answers[field.name];
    if (value === undefined || value === null || value === "") continue;
    if (field.kind === "radio" || field.kind === "checkboxes") {
      for (const option of [value].flat()) check(form, `input[name=${css(field.name)}][value=${css(String(option))}]`, field);
    } else if (field.kind === "consent") {
      if (value === true) check(form, `#${field.name}`, field);
    } else if (field.kind === "select") {
      const select = control(form, field);
      const option = select.querySelector(`option[value=${css(String(value))}]`);
      if (!option) throw new Error(`${definition.slug}: ${field.name} offers no option ${String(value)}`);
      for (const other of select.querySelectorAll("option")) other.removeAttribute("selected");
      option.setAttribute("selected", "");
    } else if (field.kind === "textarea") {
      control(form, field).textContent = String(value);
    } else {
      control(form, field).setAttribute("value", String(value));
    }
  }
}

export const claimForm = (page: HtmlPage) => {
  const form = page.document.querySelector("form[aria-labelledby='wizard-step-title']");
  if (!form) throw new Error(`${page.url}: no claim form (status ${page.status})`);
  return form;
};

/** The visible button of that name: Next, Submit or Previous as the claim calls them. */
export function formButton(page: HtmlPage, name: string): Element {
  const [button] = byRole(claimForm(page), "button", { name, exact: true });
  if (!button) throw new Error(`${page.url}: no button ${name}`);
  return button;
}

export const submissionKeyIn = (page: HtmlPage) => claimForm(page).querySelector(`input[name=${css(SUBMISSION_KEY_FIELD)}]`)?.getAttribute("value") ?? "";

/** The step title the page shows. */
export const stepTitleOf = (page: HtmlPage) => page.document.getElementById("wizard-step-title")?.textContent?.trim() ?? "";

/** Each message shown under its field, if the field is marked invalid and its aria-describedby names the message. */
export function shownErrorsInHtml(page: HtmlPage, fields: readonly FieldSpec[]): Record<string, string> {
  const form = claimForm(page);
  const shown: Record<string, string> = {};
  for (const field of fields) {
    const error = page.document.getElementById(`${field.name}-error`);
    if (!error) continue;
    const described =
      field.kind === "radio" || field.kind === "checkboxes"
        ? form.querySelector(`input[name=${css(field.name)}]`)?.closest("fieldset")
        : control(form, field);
    const ids = (described?.getAttribute("aria-describedby") ?? "").split(" ");
    if (!ids.includes(`${field.name}-error`)) shown[field.name] = "(not tied to its field)";
    else if (described!.getAttribute("aria-invalid") !== "true") shown[field.name] = "(field not marked invalid)";
    else shown[field.name] = error.textContent ?? "";
  }
  return shown;
}

function control(form: Element, field: FieldSpec): Element {
  const element = form.querySelector(`#${field.name}`);
  if (!element) throw new Error(`no control #${field.name} on the form`);
  return element;
}

function check(form: Element, selector: string, field: FieldSpec) {
  const box = form.querySelector(selector);
  if (!box) throw new Error(`no ${selector} for ${field.name} on the form`);
  if (box.getAttribute("type") === "radio") {
    for (const other of form.querySelectorAll(`input[name=${css(field.name)}]`)) other.removeAttribute("checked");
  }
  box.setAttribute("checked", "");
}
