"""Touch targets (WCAG 2.5.5, at least 44 by 44 CSS px): the interactive elements of a page whose box is smaller.

A checkbox's or radio button's target is the box of the control with its label (a tap on the label works it). A link
inside a sentence is exempt (WCAG's "inline" exception): its size is that of the text around it. Hidden elements
and the skip link parked off screen are not targets until shown."""
from __future__ import annotations

MIN = 44

SMALL_TARGETS = """min => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const union = (boxes) => {
    const left = Math.min(...boxes.map((b) => b.left)), top = Math.min(...boxes.map((b) => b.top));
    return { width: Math.max(...boxes.map((b) => b.right)) - left, height: Math.max(...boxes.map((b) => b.bottom)) - top };
  };
  const inSentence = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    return block.textContent.trim().length > el.textContent.trim().length;
  };
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2 || box.right <= 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('[hidden], .visually-hidden, dialog:not([open])') || inSentence(el)) continue;
    const parts = [box];
    if (el.type === 'checkbox' || el.type === 'radio') parts.push(...[...el.labels].map((l) => l.getBoundingClientRect()));
    const target = union(parts);
    if (target.width < min - 0.5 || target.height < min - 0.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '').trim().slice(0, 40);
      small.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${name}" ${Math.round(target.width)}x${Math.round(target.height)}`);
    }
  }
  return small;
}"""


def small_targets(page) -> list[str]:
    """The page's interactive elements whose target is under 44x44 CSS px (as "tag#id "name" WxH")."""
    return page.evaluate(SMALL_TARGETS, MIN)
