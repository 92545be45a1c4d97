import { EARLY_SUBMIT_ATTRIBUTE } from '@rounds/contracts/first-paint';

/**
 * The guest pages arrive rendered (scripts/prerender.mjs); the app then draws the same page in their place. Anyone
 * quick enough to use the server's page before the app has loaded (a slow phone) keeps what they did there: the
 * fields they typed into, the one they were in, and a submit (Enter, or "Log in"), which the inline first-paint
 * script held back and marked. Read from the server's markup during the app's first render, handed to the app's
 * page right after the commit that swapped them (the same page: the same fields and forms in the same order).
 */
/** A field the user changed on the server's page; the others are left to the app (its own values may differ). */
type TField = { type: string; value: string; checked: boolean; changed: boolean };
export type TTakeover = {
  fields: TField[];
  focused: number;
  selection: [number, number] | null;
  /** The form submitted before the app was there, by its index, or -1. */
  submitted: number;
};

type TFieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function fieldsOf(container: Element): TFieldElement[] {
  return [...container.querySelectorAll<TFieldElement>('input, textarea, select')];
}

function isToggle(element: TFieldElement): element is HTMLInputElement {
  return element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
}

function changed(element: TFieldElement): boolean {
  if (isToggle(element)) return element.checked !== element.defaultChecked;
  if (element instanceof HTMLSelectElement) return [...element.options].some((o) => o.selected !== o.defaultSelected);
  return element.value !== element.defaultValue;
}

/** What the user did to the server's page: null when nothing (the usual case). */
export function readStaticPage(container: Element): TTakeover | null {
  const elements = fieldsOf(container);
  const focused = elements.findIndex((element) => element === document.activeElement);
  const submitted = [...container.querySelectorAll('form')].findIndex((form) =>
    form.hasAttribute(EARLY_SUBMIT_ATTRIBUTE),
  );
  if (!elements.some(changed) && focused < 0 && submitted < 0) return null;
  const active = elements[focused];
  return {
    fields: elements.map((element) => ({
      type: element.type,
      value: element.value,
      checked: element instanceof HTMLInputElement && element.checked,
      changed: changed(element),
    })),
    focused,
    selection: active && !(active instanceof HTMLSelectElement) ? readSelection(active) : null,
    submitted,
  };
}

function readSelection(element: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    const start = element.selectionStart;
    return start === null ? null : [start, element.selectionEnd ?? start];
  } catch {
    return null; // some input types have no selection
  }
}

/** Gives the app's page what the server's had, through the events React listens to. */
export function restoreStaticPage(container: Element, taken: TTakeover): void {
  const elements = fieldsOf(container);
  taken.fields.forEach((field, index) => {
    const element = elements[index];
    if (!field.changed || !element || element.type !== field.type) return;
    if (isToggle(element)) {
      if (element.checked !== field.checked) element.click();
    } else if (element.value !== field.value) {
      const prototype = Object.getPrototypeOf(element) as object;
      // The prototype's setter, not element.value: React would take a plain assignment for its own update.
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, field.value);
      // A select (the language) tells React through change, a text field through input.
      element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    }
  });
  const active = elements[taken.focused];
  if (active) {
    active.focus();
    if (taken.selection && !(active instanceof HTMLSelectElement)) {
      try {
        active.setSelectionRange(...taken.selection);
      } catch {
        // some input types have no selection: the caret stays where focus put it
      }
    }
  }
  const form = container.querySelectorAll('form')[taken.submitted];
  // After React has rendered the values given above: the form's handler reads them from its state.
  if (form) setTimeout(() => form.requestSubmit(), 0);
}
