// The page where a room is created: the host's name and the room's options go to POST /api/rooms; the seat's
// token is kept in this browser and the host goes on to the room's page.

import { callApi as callRooms } from "./api.js";
import { saveSeat } from "./room-seat.js";

const root = document.getElementById("rooms-page");
const form = document.getElementById("room-create");
const error = document.getElementById("create-error");
const { lang } = root.dataset;

function options() {
  const f = form.elements;
  return {
    name: f.name.value, reyes: Number(f.reyes.value), target: Number(f.target.value), level: f.level.value,
    mus_corrido: f.mus_corrido.checked, real: f.real.checked, vacas: f.vacas.checked, senas: f.senas.checked,
    clock: f.no_clock.checked ? 0 : Number(f.clock.value), window: Number(f.window.value), hints: f.hints.checked,
    ...seedOfPage(),
  };
}

// A game is played again by its seed, as at the bots' table: /es/sala?seed=N deals the same hands.
function seedOfPage() {
  const seed = new URLSearchParams(location.search).get("seed");
  return seed !== null && /^\d{1,19}$/.test(seed) ? { seed: Number(seed) } : {};
}

async function create(event) {
  event.preventDefault();
  if (!form.reportValidity()) return;
  const submit = form.querySelector('[type="submit"]');
  submit.disabled = true;
  const { status, data } = await callRooms("POST", root.dataset.api, { lang, body: options() });
  submit.disabled = false;
  if (status !== 201) {
    error.textContent = data?.error ?? root.dataset.unreachable;
    return;
  }
  saveSeat(data.id, data.seat, data.token);
  location.assign(data.url);
}

function followNoClock() {
  form.elements.clock.disabled = form.elements.no_clock.checked;
}

form.addEventListener("submit", create);
form.elements.no_clock.addEventListener("change", followNoClock);
followNoClock();
