// A batch of events shown one by one at the page's pace: each event is shown, and after the ones that pause (a
// bot's move) the page waits ``pace()`` ms; everything shown between two pauses is said together.
//
//   const playback = createPlayback({ pace, show, pausesAfter, say, done });
//   playback.start(events);   // show them (at once when pace() is 0), then done()
//   playback.skip();          // show the rest now, then done()

export function createPlayback({ pace, show, pausesAfter, say, done }) {
  let queue = [];
  let timer = null;

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function next() {
    // Everything shown in one go is said together, so a screen reader hears every event, not only the last.
    const shown = [];
    while (queue.length) {
      const event = queue.shift();
      show(event);
      shown.push(event);
      if (pace() > 0 && queue.length && pausesAfter(event, queue[0])) {
        say(shown);
        timer = setTimeout(() => { timer = null; next(); }, pace());
        return;
      }
    }
    if (shown.length) say(shown);
    done(true);
  }

  return {
    start(events) {
      stop();
      queue = events.slice();
      next();
    },
    skip() {
      stop();
      const rest = queue.splice(0);
      rest.forEach(show);
      if (rest.length) say(rest);
      done(true);
    },
    /** Drop what was still to be shown (a newer view replaces it). */
    cancel() {
      stop();
      queue = [];
    },
    get playing() { return timer !== null; },
  };
}
