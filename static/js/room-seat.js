// The seat a browser holds in each room (docs/api-rooms.md): its token
// is kept in localStorage, so coming back to the room's link in the same browser gives the seat back (the API's
// cookie, HttpOnly, authenticates the event stream; the token goes in the Authorization header of every call).

const STORE = (room) => `escuela-mus-room:${room}`;

export function savedSeat(room) {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE(room)));
    return saved && typeof saved.token === "string" ? saved : null;
  } catch {
    return null;
  }
}

export function saveSeat(room, seat, token) {
  localStorage.setItem(STORE(room), JSON.stringify({ seat, token }));
}

export function forgetSeat(room) {
  localStorage.removeItem(STORE(room));
}
