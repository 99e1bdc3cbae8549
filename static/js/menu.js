// The site's menu on a phone: the sections and the languages fold behind one button, so that a page starts near
// the top of a small screen. Without this script, or on a wide screen (the CSS shows no button there), they stay
// open. A classic script run just after the header (a module would wait for the whole page): no open menu flashes.
(() => {
  const header = document.querySelector(".site-header");
  const toggle = header && header.querySelector(".menu-toggle");
  const menu = document.getElementById("site-menu");
  if (!toggle || !menu) return;

  const setOpen = (open) => {
    toggle.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("site-menu--folded", !open);
  };
  header.classList.add("site-header--foldable");
  setOpen(false);
  toggle.addEventListener("click", () => setOpen(toggle.getAttribute("aria-expanded") !== "true"));
  // Escape folds an open menu and brings the focus back to its button, never leaving it on a hidden link.
  header.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && toggle.getAttribute("aria-expanded") === "true"
        && getComputedStyle(toggle).display !== "none") {
      setOpen(false);
      toggle.focus();
    }
  });
})();
