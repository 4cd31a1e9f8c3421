/// The script PagerVoice runs in an audited page: it finds the carousel, marks its parts so the
/// accessibility tree can be matched to them, and reports what the tree does not carry (which
/// slide is on screen, `aria-current`, boxes, running animations, the live region).
///
/// It runs before the page's own scripts (`CarouselProbe.installBeforeLoad`), so the timers and
/// animation frames it watches are all of the page's. It only reads the page, except for five
/// things it undoes or that change nothing a person meets: a `data-pagervoice` attribute on each
/// part of the widget, a style that hides the pickers for the screenshot of what lies behind
/// them, an empty focus start at the top of the page for walking the tab order, short timers
/// run as much faster as the animations while the widget is stepped through (`timers`), with
/// frames 60 a second while motion drawn by script is timed, and, in a tab on a virtual clock,
/// the frames and the animations' end events that clock would otherwise hold back
/// (`framesByClock`, `finishAll`).
enum CarouselScript {
    static let source = #"""
        (() => {
          // PagerVoice's probe of a carousel: finds the widget and reports its structure, boxes and
          // DOM states. Roles, names and most states come from the browser's accessibility tree, read
          // separately; this script only finds elements and measures what the tree does not carry.
          // Installed before each document's own scripts, it runs in the page's frames too (an
          // embedded video): only the page itself is audited.
          // Installed once per document: an own property of the window, which an element with
          // id="__pagervoice" (reached as window.__pagervoice too) is not.
          if (Object.getOwnPropertyDescriptor(window, '__pagervoice') || window.top !== window) return true;
          const MARK = 'data-pagervoice';
          // While animations run faster (the widget stepped through), the page's short timers run
          // faster by the same factor: a carousel that finishes a change in a timer as long as its
          // animation (Slick: its speed, before it updates aria-selected and takes the next click)
          // has finished when its animation has, as for a person at normal speed. Timers over 2 s
          // (rotation) keep their length. `settled` also waits for the shortened ones to fire.
          let timerScale = 1;
          // Short timers the page holds, by the id it was given: what to run, when it is due, and
          // whether it already runs shortened.
          const pending = new Map();
          const realSetTimeout = window.setTimeout;
          const realClearTimeout = window.clearTimeout;
          // The chain of short timers whose callback runs now (when it began), else null: a timer
          // set from one is the chain's next (a script animating on timers, as Jssor's).
          let firingChain = null;
          // The page keeps the id of the first real timer; a shortened one replaces `real` only.
          const arm = (entry, delay) => {
            entry.real = realSetTimeout.call(window, () => {
              pending.delete(entry.id);
              const outer = firingChain;
              firingChain = entry.chain;
              try { entry.callback(...entry.args); } finally { firingChain = outer; }
            }, delay);
          };
          window.setTimeout = function (callback, delay, ...rest) {
            const d = Number(delay) || 0;
            if (!(d > 0 && d <= 2000) || typeof callback !== 'function') return realSetTimeout.call(window, callback, delay, ...rest);
            const scale = Math.max(timerScale, 1);
            const now = performance.now();
            const entry = {
              callback, args: rest, due: now + d / scale, scaled: scale > 1, real: 0, id: 0,
              chained: firingChain !== null, chain: firingChain === null ? now : firingChain,
            };
            arm(entry, d / scale);
            entry.id = entry.real;
            pending.set(entry.id, entry);
            return entry.id;
          };
          window.clearTimeout = function (id) {
            const entry = pending.get(id);
            // A browser clears an interval with either call.
            if (!entry) { shortIntervals.delete(id); return realClearTimeout.call(window, id); }
            pending.delete(id);
            realClearTimeout.call(window, entry.real);
          };
          // Short intervals the page runs (at most 100 ms), by id: jQuery 1.x and 2.x animate on
          // a 13 ms interval, not on animation frames, and frames far less than 13 ms apart see
          // nothing move between its ticks. While one runs, rest must outlast its period.
          const shortIntervals = new Map();
          const realSetInterval = window.setInterval;
          const realClearInterval = window.clearInterval;
          window.setInterval = function (callback, delay, ...rest) {
            const id = realSetInterval.call(window, callback, delay, ...rest);
            const d = Number(delay) || 0;
            if (d > 0 && d <= 100) shortIntervals.set(id, d);
            return id;
          };
          window.clearInterval = function (id) {
            shortIntervals.delete(id);
            return realClearInterval.call(window, id);
          };
          // While a change's motion is measured (`framesMoving`), the page is given animation frames 60
          // a second, as a person's screen draws them. The browser draws as fast as it can here
          // (`--disable-frame-rate-limit`, so the audit's waits are short), and a physics animation
          // that takes one step a frame (Flickity's) would end many times sooner than anyone sees
          // it; one timed by the clock (jQuery's) is the same either way.
          const realRequestFrame = window.requestAnimationFrame;
          const realCancelFrame = window.cancelAnimationFrame;
          let frameGap = 0;
          let lastFrame = -Infinity;
          let lastFrameId = 0;
          let pumping = false;
          const waitingFrames = new Map();
          // The frames the page has asked for and not yet had (by the browser's id).
          const pageFrames = new Set();
          // When the page last began a run of frames (each frame asking for the next), and
          // whether one of its frames is running now.
          let frameRunSince = -Infinity;
          let frameRuns = 0;
          let inPageFrame = false;
          // A frame of the page's own ends once the promise callbacks it set off have run: an
          // awaited loop (`await new Promise(requestAnimationFrame)`) asks for its next frame
          // from one of those, after the frame's callback has returned, and each of its frames
          // began "a run" (every rest then waited its 500 ms: 13 s for an audit of 1.7 s). They
          // all run before the next task (a click, a key, a timer), so nothing the audit does
          // can fall in between; sixteen hops cover an await nested that deep.
          const endPageFrame = () => {
            let hops = 16;
            const hop = () => { if (--hops > 0) queueMicrotask(hop); else inPageFrame = false; };
            queueMicrotask(hop);
          };
          // The gap is kept by the page's clock: a frame's own timestamp follows the animation
          // timeline, which the audit slows while it reads CSS animations.
          const pump = (time) => {
            const now = performance.now();
            if (now - lastFrame < frameGap - 1) { realRequestFrame.call(window, pump); return; }
            lastFrame = now;
            pumping = false;
            const due = [...waitingFrames.values()];
            waitingFrames.clear();
            for (const callback of due) {
              try { callback(time); } catch (error) { realSetTimeout.call(window, () => { throw error; }); }
            }
          };
          // In a tab on a virtual clock (rotation watched), frames come from that clock instead,
          // 60 a second of its time: the browser draws too few frames while a virtual budget
          // runs for a script's animation to finish, so a carousel moved frame by frame (jQuery's
          // animate, Flickity) never reached its next slide, or did at random.
          let framesByClock = false;
          const clockFrames = new Map();
          // On that clock the end of a CSS transition or animation is an event the browser sends
          // on a frame, and it draws one only now and then: blueimp Gallery starts its next
          // slide's timer on the slide's `transitionend`, which in one watch of 16 s came 49 ms
          // after the transition and in another 11 s after, so it was seen to turn once or three
          // times, and found or not, at random. There, each transition or animation the probe
          // finishes (`finishAll`) has its end sent at once, as the next frame would send it, and
          // the browser's own, when it comes, is not sent again (`framesFromClock`).
          // The browser sends an element with no listener for the end but one for its old
          // prefixed name (`webkitTransitionEnd`, as blueimp listens) the prefixed event, and only
          // a real one: which names the page listens for, and where, is noted as it adds them.
          const endTypes = { transitionend: 'webkitTransitionEnd', animationend: 'webkitAnimationEnd' };
          const endListeners = new WeakMap();
          const realAddListener = EventTarget.prototype.addEventListener;
          EventTarget.prototype.addEventListener = function (type, ...rest) {
            if (type === 'transitionend' || type === 'webkitTransitionEnd' || type === 'animationend' || type === 'webkitAnimationEnd') {
              if (!endListeners.has(this)) endListeners.set(this, new Set());
              endListeners.get(this).add(type);
            }
            return realAddListener.call(this, type, ...rest);
          };
          const listensFor = (node, type) => (endListeners.has(node) && endListeners.get(node).has(type))
            || typeof node['on' + type.toLowerCase()] === 'function';
          const endsSent = new WeakMap();
          const endKey = (type, name, pseudo) => type + ' ' + name + ' ' + (pseudo || '');
          const sendEnd = (target, type, name, pseudo, elapsed) => {
            if (!endsSent.has(target)) endsSent.set(target, new Set());
            endsSent.get(target).add(endKey(type, name, pseudo));
            const path = [];
            for (let n = target; n; n = n.parentNode || (n instanceof ShadowRoot ? n.host : null)) path.push(n);
            path.push(window);
            const make = (as) => (type === 'transitionend'
              ? new TransitionEvent(as, { bubbles: true, cancelable: true, propertyName: name, elapsedTime: elapsed, pseudoElement: pseudo })
              : new AnimationEvent(as, { bubbles: true, animationName: name, elapsedTime: elapsed, pseudoElement: pseudo }));
            const prefixed = endTypes[type];
            if (path.some((n) => listensFor(n, type))) target.dispatchEvent(make(type));
            if (path.some((n) => !listensFor(n, type) && listensFor(n, prefixed))) target.dispatchEvent(make(prefixed));
          };
          const finishAll = () => {
            for (const a of document.getAnimations()) {
              const running = a.playState === 'running' || a.playState === 'paused';
              try { a.finish(); } catch (e) { continue; }
              const transition = typeof CSSTransition === 'function' && a instanceof CSSTransition;
              const css = transition || (typeof CSSAnimation === 'function' && a instanceof CSSAnimation);
              const target = a.effect && a.effect.target;
              if (!framesByClock || !running || !css || !target) continue;
              const elapsed = (a.effect.getComputedTiming().activeDuration || 0) / 1000;
              sendEnd(target, transition ? 'transitionend' : 'animationend', transition ? a.transitionProperty : a.animationName, a.effect.pseudoElement || '', elapsed);
            }
          };
          // The browser's own end, once one was sent for it: stopped before anything hears it.
          // Listened for on the virtual clock only: a listener for the unprefixed name on the
          // window makes the browser send the window that name alone.
          const stopEndsSent = () => {
            for (const type of Object.keys(endTypes)) {
              realAddListener.call(window, type, (event) => {
                if (!event.isTrusted) return;
                const sent = endsSent.get(event.target);
                const name = type === 'transitionend' ? event.propertyName : event.animationName;
                if (sent && sent.delete(endKey(type, name, event.pseudoElement))) event.stopImmediatePropagation();
              }, true);
            }
          };
          // Frames the page asked for, counted (the probe's own in `framesMoving` are not).
          let pageFrameRequests = 0;
          let ownRequest = false;
          window.requestAnimationFrame = function (callback) {
            // What is not a function gets the browser's own TypeError, as without the probe.
            if (typeof callback !== 'function') return realRequestFrame.call(window, callback);
            if (!ownRequest) pageFrameRequests += 1;
            if (framesByClock) {
              const id = -(++lastFrameId);
              clockFrames.set(id, realSetTimeout.call(window, () => { clockFrames.delete(id); callback(performance.now()); }, 1000 / 60));
              return id;
            }
            if (!frameGap) {
              // Counted while it waits: a page that has asked for a frame is animating by script.
              // A request made outside a frame of the page's own (from a click, a key, a timer)
              // begins a run of frames, even while another runs (see `settled`); a ticker asks
              // from its own frames.
              if (!inPageFrame) {
                frameRunSince = performance.now();
                frameRuns += 1;
              }
              const id = realRequestFrame.call(window, (time) => {
                pageFrames.delete(id);
                inPageFrame = true;
                try { callback(time); } finally { endPageFrame(); }
              });
              pageFrames.add(id);
              return id;
            }
            // Negative: never the id of a frame the browser gave.
            const id = -(++lastFrameId);
            waitingFrames.set(id, callback);
            if (!pumping) { pumping = true; realRequestFrame.call(window, pump); }
            return id;
          };
          window.cancelAnimationFrame = function (id) {
            if (clockFrames.has(id)) {
              realClearTimeout.call(window, clockFrames.get(id));
              clockFrames.delete(id);
            } else if (!waitingFrames.delete(id)) {
              pageFrames.delete(id);
              realCancelFrame.call(window, id);
            }
          };
          // Timers set at normal speed (while a change was watched slowly) are shortened too once
          // the speed goes up, by what is left of them.
          const shortenPending = () => {
            const now = performance.now();
            for (const entry of pending.values()) {
              if (entry.scaled) continue;
              realClearTimeout.call(window, entry.real);
              const left = Math.max(0, entry.due - now) / timerScale;
              entry.due = now + left;
              entry.scaled = true;
              arm(entry, left);
            }
          };
          // The shortened timers still to fire. `once`: one set from outside a timer (Slick's, which
          // marks the new slide when its animation ends) must fire before the widget is at rest.
          // `since`: when the oldest chain of them began, each set from the last one's callback.
          // Jssor animates on such a chain and keeps it running through its 3 s idle, so it was
          // never at rest and every wait on PyTango ran to its limit: a chain is waited for as a
          // run of the page's frames is (see `settled`).
          const shortenedPending = () => {
            let once = false;
            let since = Infinity;
            for (const entry of pending.values()) {
              if (!entry.scaled) continue;
              if (entry.chained) since = Math.min(since, entry.chain);
              else once = true;
            }
            return { once, since };
          };
          // Scrolls in the widget, asked for and running: a strip that scrolls smoothly
          // (scroll-behavior: smooth, or behavior: 'smooth' asked) changes nothing for a frame or
          // two after the press, then moves on no animation and no page frame; read in between,
          // its slide had not moved ("did nothing"). Asked: a scroll method called, or scrollLeft
          // or scrollTop set, on the widget or in it. Running: a scroll event there, and no
          // scrollend since (`settled`).
          const inWidget = (e) => !!(found && found.root && e instanceof Node && found.root.contains(e));
          // The scrolls of the elements `holds` accepts: `asked` when one is asked for or due
          // there, its scroll and scrollend events seen. `running()`: asked and not yet begun (a
          // smooth scroll begins a frame or two late; one to where it already is never begins,
          // so the wait is bounded at 150 ms), or begun and not ended (a browser that sends no
          // scrollend is taken to have ended 100 ms after its last scroll event).
          const scrollWatch = (holds) => {
            const watch = {
              asked: -Infinity,
              seen: -Infinity,
              ended: -Infinity,
              running() {
                const now = performance.now();
                if (this.asked > this.seen && now - this.asked < 150) return true;
                return this.seen > this.ended && now - this.seen < 100;
              },
            };
            document.addEventListener('scroll', (event) => { if (holds(event.target)) watch.seen = performance.now(); }, { capture: true, passive: true });
            document.addEventListener('scrollend', (event) => { if (holds(event.target)) watch.ended = performance.now(); }, { capture: true, passive: true });
            return watch;
          };
          const widgetScroll = scrollWatch(inWidget);
          // Scrolls of the page around the widget (the window, or an element that holds the
          // widget): they carry the whole widget across the window, and a picture taken while one
          // runs is of no one place. Furo's theme scrolls smoothly (scroll-behavior: smooth) to
          // the link the Tab walk leaves the widget for, over half a second, and sphinx-inline-tabs'
          // labels were photographed with their dots, then hidden, 24 px apart: their contrast
          // read over the text below (2 audits in 10 on a busy machine). Due: a smooth scroll
          // asked of such an element or the window, a key that scrolls (the browser animates those
          // whatever the page's CSS), or focus moved out of view where the page scrolls smoothly;
          // each begins a frame or so later. Running: a scroll event there, no scrollend since.
          const aroundWidget = (e) => e === document || (e instanceof Element && !inWidget(e) && (!found || !found.root || e.contains(found.root)));
          const pageScroll = scrollWatch(aroundWidget);
          const smoothAt = (e) => {
            for (let n = e instanceof Element ? e : document.documentElement; n; n = n.parentElement) {
              if (getComputedStyle(n).scrollBehavior === 'smooth') return true;
            }
            return false;
          };
          // Whether scroll arguments ask for smooth motion: said so, or left to the CSS of `e`.
          const smoothAsked = (e, args) => {
            const behavior = args[0] && typeof args[0] === 'object' ? args[0].behavior : undefined;
            return behavior === 'smooth' || ((behavior === undefined || behavior === 'auto') && smoothAt(e));
          };
          for (const method of ['scroll', 'scrollTo', 'scrollBy']) {
            const real = window[method];
            if (typeof real !== 'function') continue;
            window[method] = function (...args) {
              if (smoothAsked(document.documentElement, args)) pageScroll.asked = performance.now();
              return real.apply(this, args);
            };
          }
          // A key scrolls the page where nothing takes it first: the page's script (read once it
          // has run, by then final) or a control that uses it (arrows in a radio group, Space
          // on a button).
          const scrollKeys = new Set([' ', 'PageDown', 'PageUp', 'ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
          let scrollKey = null;
          document.addEventListener(
            'keydown',
            (event) => {
              const t = event.target;
              const taken = t instanceof Element && t.closest('input,select,textarea,button,[contenteditable]:not([contenteditable=false])');
              if (scrollKeys.has(event.key) && !taken) scrollKey = { event, at: performance.now() };
            },
            { capture: true });
          document.addEventListener(
            'focusin',
            (event) => {
              const e = event.target;
              if (!(e instanceof Element)) return;
              const box = e.getBoundingClientRect();
              const out = box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth;
              if (out && smoothAt(e)) pageScroll.asked = performance.now();
            },
            { capture: true });
          const pageScrolling = () => {
            if (scrollKey && !scrollKey.event.defaultPrevented) pageScroll.asked = Math.max(pageScroll.asked, scrollKey.at);
            scrollKey = null;
            return pageScroll.running();
          };
          for (const method of ['scroll', 'scrollTo', 'scrollBy', 'scrollIntoView']) {
            const real = Element.prototype[method];
            if (typeof real !== 'function') continue;
            Element.prototype[method] = function (...args) {
              if (inWidget(this)) widgetScroll.asked = performance.now();
              if ((method === 'scrollIntoView' || aroundWidget(this)) && smoothAsked(this, args)) pageScroll.asked = performance.now();
              return real.apply(this, args);
            };
          }
          for (const property of ['scrollLeft', 'scrollTop']) {
            const real = Object.getOwnPropertyDescriptor(Element.prototype, property);
            if (!real || !real.set) continue;
            Object.defineProperty(Element.prototype, property, {
              ...real,
              set(value) {
                if (inWidget(this)) widgetScroll.asked = performance.now();
                if (aroundWidget(this) && smoothAt(this)) pageScroll.asked = performance.now();
                real.set.call(this, value);
              },
            });
          }
          // Whether a scroll in the widget may still be under way (see scrollWatch).
          const widgetScrolling = () => widgetScroll.running();
          // The ancestor that holds keyboard focus for `e` and points at it with
          // aria-activedescendant (a tablist holding focus itself), or null.
          const focusHolder = (e) => {
            const holder = e.id && e.parentElement ? e.parentElement.closest('[aria-activedescendant]') : null;
            return holder && holder.getAttribute('aria-activedescendant') === e.id ? holder : null;
          };
          // The element a screen reader reads as focused: the one with focus, or the one it
          // points at with aria-activedescendant.
          const readFocus = () => {
            const holding = document.activeElement;
            const pointed = holding && holding.getAttribute ? holding.getAttribute('aria-activedescendant') : null;
            return (pointed && document.getElementById(pointed)) || holding;
          };
          const text = (e) => (e.textContent || '').replace(/\s+/g, ' ').trim();
          // Whether a pseudo-element's computed `content` draws it ("none" and "normal" do not).
          const drawnContent = (content) => !!content && content !== 'none' && content !== 'normal';
          // The words a screen reader says of an element: its text less what is hidden from it
          // (aria-hidden, not drawn), the pieces kept apart ("Slide 1 of 3." "Slide 2 of 3.").
          const spoken = (e) => {
            const words = [];
            const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const parent = n.parentElement;
              if (!parent || parent.closest('[aria-hidden=true]') || !parent.checkVisibility({ visibilityProperty: true })) continue;
              words.push(n.nodeValue);
            }
            return words.join(' ').replace(/\s+/g, ' ').trim();
          };
          // The words a sighted person reads on an element: its text less what is not drawn or
          // is clipped into a pixel as screen-reader-only text (Foundation's show-for-sr,
          // Bootstrap's visually-hidden). Foundation Orbit's bullets say "Second slide details."
          // to a screen reader only: to the eye they are dots, and were not taken for dots, so
          // their size and contrast went unjudged.
          const drawnText = (e) => {
            const hidden = (p) => {
              const s = getComputedStyle(p);
              const r = p.getBoundingClientRect();
              const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
              return (clips && (r.width <= 1 || r.height <= 1)) || (s.position === 'absolute' && s.clip !== 'auto')
                || /^inset\(50%/.test(s.clipPath);
            };
            const words = [];
            const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const parent = n.parentElement;
              if (!parent || !parent.checkVisibility({ visibilityProperty: true })) continue;
              let drawn = true;
              for (let p = parent; p && drawn; p = p === e ? null : p.parentElement) drawn = !hidden(p);
              if (drawn) words.push(n.nodeValue);
            }
            return words.join(' ').replace(/\s+/g, ' ').trim();
          };
          const roughName = (e) => {
            const label = e.getAttribute('aria-label');
            if (label && label.trim()) return label.trim();
            const by = e.getAttribute('aria-labelledby');
            if (by) {
              const t = by.split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean).map(text).join(' ');
              if (t) return t;
            }
            return text(e) || e.getAttribute('title') || '';
          };
          const visible = (e) => {
            for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
              const s = getComputedStyle(n);
              if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse') return false;
            }
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0;
          };
          // Drawn so that a person sees it: visible, and not fully transparent itself.
          const seen = (e) => visible(e) && Number(getComputedStyle(e).opacity) > 0;
          const box = (e) => {
            const r = e.getBoundingClientRect();
            return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
          };
          // nth-of-type positions, counted once per parent: a carousel of ten thousand slides would
          // otherwise count its siblings ten thousand times. Counted afresh at each find: a page
          // that drew its parts anew has other children under the same parents.
          const positions = new Map();
          const positionOf = (n) => {
            const parent = n.parentElement;
            if (!parent) return null;
            let entry = positions.get(parent);
            if (!entry) {
              entry = { index: new Map(), counts: new Map() };
              for (const child of parent.children) {
                const k = (entry.counts.get(child.localName) || 0) + 1;
                entry.counts.set(child.localName, k);
                entry.index.set(child, k);
              }
              positions.set(parent, entry);
            }
            return entry.counts.get(n.localName) > 1 ? entry.index.get(n) : null;
          };
          // An id a script made up at load (Swiper's "swiper-wrapper-3db03ed24dfda889", a UUID,
          // Math.random().toString(36), a timestamp) names the element in this load only: a
          // selector through it changed from run to run, so a finding never matched the same
          // finding before (SARIF's baseline, a diff). Made up: six digits in a row, a run of
          // eight letters and digits that changes between them three times or more ("a1b2c3d4";
          // "carousel2024" and "slick-slide00" are names), or twelve hex digits in a row with a
          // digit among them (Swiper's 16 random hex digits change between letters and digits
          // fewer than three times about once in 800 loads: "abcdef0123fedcba").
          const madeUp = (id) => /\d{6,}/.test(id)
            || (id.match(/[0-9a-f]{12,}/gi) || []).some((run) => /\d/.test(run))
            || (id.match(/[0-9a-z]{8,}/gi) || []).some((run) => (run.match(/\d[a-z]|[a-z]\d/gi) || []).length >= 3);
          // An identifier as CSS writes it, and as a terminal may show it: CSS.escape leaves C1
          // controls, bidi marks and invisible characters raw, which every message then shows as
          // `\u{200B}`, and that pasted back into --carousel or --click is other CSS. Written as
          // CSS's own hex escapes instead, the same selector is safe to show and to paste.
          const cssIdent = (name) => CSS.escape(name)
            .replace(/[\u0080-\u009f\u00ad\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, (c) => '\\' + c.codePointAt(0).toString(16) + ' ');
          const uniqueId = (n) => n.id && !madeUp(n.id) && document.querySelectorAll('#' + cssIdent(n.id)).length === 1;
          const selectorOf = (e) => {
            const parts = [];
            for (let n = e; n && n.nodeType === 1 && n !== document.documentElement; n = n.parentElement) {
              if (uniqueId(n)) {
                parts.unshift('#' + cssIdent(n.id));
                return parts.join(' > ');
              }
              const position = positionOf(n);
              // Escaped as ids are: an HTML parser lets a tag's name hold a quote or a control.
              parts.unshift(cssIdent(n.localName) + (position ? ':nth-of-type(' + position + ')' : ''));
            }
            return parts.join(' > ');
          };
          const focusable = (e) => {
            if (e.hasAttribute('disabled') || e.closest('[inert]')) return false;
            if (e.tabIndex >= 0) return true;
            return false;
          };
          const clickable = (e) => {
            const tag = e.localName;
            const role = e.getAttribute('role');
            return tag === 'button' || (tag === 'a' && e.hasAttribute('href')) || role === 'button' || role === 'tab' ||
              tag === 'input' || e.hasAttribute('onclick') || getComputedStyle(e).cursor === 'pointer';
          };
          const lowestCommonAncestor = (a, b) => {
            const seen = new Set();
            for (let n = a; n; n = n.parentElement) seen.add(n);
            for (let n = b; n; n = n.parentElement) if (seen.has(n)) return n;
            return document.body;
          };
          const within = (root, selector) => [...root.querySelectorAll(selector)];
          // The properties an animation changes ("transform", "color").
          // Keyframes name them as script does ("backgroundColor"): named as CSS does here.
          const animatedProperties = (a) => (a.transitionProperty ? [a.transitionProperty]
            : a.effect && a.effect.getKeyframes ? Object.keys(Object.assign({}, ...a.effect.getKeyframes())).filter((k) => !['offset', 'easing', 'composite', 'computedOffset'].includes(k))
              .map((k) => k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())) : []);
          // Changes of colour, shadow or blur move nothing (WCAG 2.3.3 counts them out of motion
          // animation): Glider.js fades its arrows' colour for 500 ms as an end is reached, which
          // was taken for the page change's motion, and hid the scrolling its script draws.
          // Opacity is kept on the slides, where a crossfade is told apart as motion is judged;
          // elsewhere (Glider.js fades an arrow out at an end) it moves nothing either.
          const stillProperty = (p) => /color$|^(fill|stroke|box-shadow|text-shadow|filter|backdrop-filter|visibility)$/.test(p);
          const onSlides = (e) => !!found && found.slides.length > 0 && !!found.slides[0].parentElement && found.slides[0].parentElement.contains(e);
          const moves = (a) => {
            const p = animatedProperties(a);
            return !p.length || !p.every((q) => stillProperty(q) || (q === 'opacity' && !onSlides(a.effect.target)));
          };
          // The animations running in the widget that move something.
          const runningIn = (root) => document.getAnimations().filter((a) => a.playState === 'running' && a.effect && a.effect.target
            && root.contains(a.effect.target) && moves(a));
          // Controls by what they do, not only by their tag: a clickable div is a control a mouse
          // can use, which the keyboard rules must then judge.
          const controlSelector = 'button,[role=button],a[href],input[type=button],[tabindex],[onclick],[data-bs-slide],[data-slide]';
          // A button that submits a form is never a carousel's control: pressed, it sends the
          // form (a quiz's "Next question" was taken for Next, and the audit sent the form and
          // lost the page). `type` is "submit" for a button with no type inside a form.
          const submits = (e) => !!e.form && (e.type === 'submit' || e.type === 'image');
          const controlsIn = (root) => within(root, controlSelector + ',a,div,span')
            .filter((e) => (e.matches(controlSelector) || clickable(e)) && !submits(e));
          const controlKind = (e) => {
            const name = roughName(e).toLowerCase();
            const cls = (e.className && e.className.baseVal !== undefined ? e.className.baseVal : e.className || '').toLowerCase();
            const slide = (e.getAttribute('data-bs-slide') || e.getAttribute('data-slide') || '').toLowerCase();
            if (slide === 'next') return 'next';
            if (slide === 'prev') return 'previous';
            // The name before the classes: Flickity's Previous is "flickity-prev-next-button
            // previous", which names both directions in one class.
            if (/\bnext\b|forward/.test(name)) return 'next';
            if (/\bprev(ious)?\b|\bback\b/.test(name)) return 'previous';
            if (/\b(pause|stop|play|start|resume)\b|rotation|slide ?show|autoplay/.test(name)) return 'rotation';
            const classes = cls.split(/\s+/).filter((c) => !(/prev/.test(c) && /next/.test(c)));
            if (classes.some((c) => /(^|[-_])next\b/.test(c))) return 'next';
            if (classes.some((c) => /(^|[-_])prev(ious)?\b/.test(c))) return 'previous';
            if (classes.some((c) => /pause|play|rotation|autoplay/.test(c))) return 'rotation';
            return null;
          };

          // Clipped away: outside the box of an ancestor that clips its content.
          // `upTo`, where given, is the last ancestor whose clip counts (a widget's own window,
          // not a page that scrolls in a box as tall as the window). The root element's overflow
          // is the window's, not its box's, and so is the body's where the root's is visible
          // (CSS Overflow 3, "overflow viewport propagation"): DZSlides gives the root
          // `overflow: hidden` and a height of 0, and every slide counted as clipped away.
          const rootVisible = () => { const r = getComputedStyle(document.documentElement); return r.overflowX === 'visible' && r.overflowY === 'visible'; };
          const clippedAway = (e, upTo) => {
            const b = e.getBoundingClientRect();
            for (let n = e.parentElement; n; n = n === upTo ? null : n.parentElement) {
              if (n === document.documentElement || (n === document.body && rootVisible())) continue;
              const style = getComputedStyle(n);
              if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
              const c = n.getBoundingClientRect();
              if (b.right <= c.left + 1 || b.left >= c.right - 1 || b.bottom <= c.top + 1 || b.top >= c.bottom - 1) return true;
            }
            return false;
          };
          // Every element whose children are two or more alike elements that answer no click,
          // and perhaps controls beside them (a slide show's own arrows among its slides),
          // listed in document order. Cells of a table (a calendar's days) are no slides.
          const alikeHolders = () => within(document, '*').filter((h) => h.children.length >= 2).map((h) => {
            const all = withoutCopies([...h.children]);
            return { h, kids: all.filter((k) => !clickable(k)), controls: all.filter(clickable).length };
          }).filter(({ kids, controls }) => kids.length >= 2 && controls <= 2
            && kids.every((k) => k.localName === kids[0].localName) && !/^(td|th|tr|option|col)$/.test(kids[0].localName));
          // On screen: drawn, not clipped away, and not under a sibling drawn over it (slides
          // stacked in one place, the current one on top, are all "visible"). A sibling faded
          // out (opacity 0) is drawn over nothing, though it still takes the pointer: slides
          // stacked in DOM order, the current one faded in, had the last on top of every point.
          const transparent = (h) => {
            for (let n = h; n && n.nodeType === 1; n = n.parentElement) if (getComputedStyle(n).opacity === '0') return true;
            return false;
          };
          const onScreen = (e, kids) => {
            if (!seen(e) || clippedAway(e)) return false;
            const b = e.getBoundingClientRect();
            // Wholly left or right of the window is off screen: DZSlides parks the slides before
            // and after the current one at left: -150% and +150%, and no point there hits
            // anything, so every slide was "on screen". (Below the fold is still on the page.)
            if (b.right <= 0 || b.left >= innerWidth) return false;
            const hit = document.elementsFromPoint(b.left + b.width / 2, b.top + b.height / 2).find((h) => !transparent(h));
            return !hit || !kids.some((k) => k !== e && k.contains(hit));
          };
          // Slides that turn on their own, where nothing else names them a carousel: the holder
          // `find` was given (see `turningStart`), kept for every find in this document, as the
          // carousel drawn anew (a narrow window, reduced motion) is found again by it.
          let turningSelector = null;
          // The watch `turningStart` began: its candidates and its sampler.
          let turningWatch = null;
          // A slide shows something: words, a picture, a frame or a painted background. Jssor
          // keeps an empty black layer among its slides, for fading through.
          // iScroll's demo paints each picture as the background of a div inside its slide.
          const showsSomething = (e) => e.textContent.trim() !== ''
            || !!e.querySelector('img,svg,video,canvas,iframe,picture,object,embed')
            || [e, ...[...e.querySelectorAll('*')].slice(0, 50)].some((d) => getComputedStyle(d).backgroundImage !== 'none');
          // A wrapper with no box of its own around one element is that element: darkslide wraps
          // each slide, drawn at an absolute place, in a div of no size, so no wrapper was ever on
          // screen and its deck was "no carousel found".
          const unwrapped = (k) => {
            let e = k;
            while (e.children.length === 1) {
              const b = e.getBoundingClientRect();
              if (b.width > 0 && b.height > 0) break;
              e = e.children[0];
            }
            return e;
          };
          const turningKids = (h) => withoutCopies([...h.children]).filter((k) => !clickable(k) && showsSomething(k)).map(unwrapped);
          // Slides turned by the arrow keys pressed anywhere on the page, where nothing else names
          // them a carousel: the holder `find` was given (see `keysStart`), kept as `turningSelector` is.
          let keysSelector = null;
          // The holders `keysStart` read before the keys were pressed.
          let keysWatch = null;
          // Which of a holder's slides are on screen, by index ("" for none).
          const shownKey = (c) => c.kids.map((k, i) => (onScreen(k, c.kids) ? i : -1)).filter((i) => i >= 0).join(',');
          // Holders whose slides could be a carousel's: two or more alike children that show
          // something, some on screen and some not, the shown ones at least 40 px each way (a
          // ticker's lines are no slides); never a log or a feed (a chat's messages push the
          // oldest out of view).
          const slideHolders = () => alikeHolders().map(({ h }) => ({ h, kids: turningKids(h) })).filter((c) => {
            if (c.kids.length < 2 || c.h.closest('[role=log],[role=feed]')) return false;
            const shown = c.kids.filter((k) => onScreen(k, c.kids));
            return shown.length >= 1 && shown.length < c.kids.length
              && shown.every((k) => { const b = k.getBoundingClientRect(); return b.width >= 40 && b.height >= 40; });
          });
          // A deck's slides: its holder's children of the tag most of them have, that answer no
          // click, each looked through a wrapper of no size; a counter or a progress bar may
          // stand among them (two at most), of another tag or drawn under 100 px one way. A
          // blank slide (a pause in a talk) is a slide too.
          const deckKids = (h) => {
            const all = withoutCopies([...h.children]).filter((k) => !clickable(k) && !/^(script|style|template)$/.test(k.localName));
            const counts = new Map();
            all.forEach((k) => counts.set(k.localName, (counts.get(k.localName) || 0) + 1));
            const [tag] = [...counts.entries()].reduce((a, e) => (e[1] > a[1] ? e : a), ['', 0]);
            const small = (k) => { const b = k.getBoundingClientRect(); return visible(k) && (b.width < 100 || b.height < 100); };
            const kids = all.filter((k) => k.localName === tag && !small(unwrapped(k)));
            return all.length - kids.length > 2 ? [] : kids.map(unwrapped);
          };
          // Holders that could be a slide deck's: three or more slides (two that swap are a
          // toggle), some on screen and some not, those shown at least 100 px each way (a list
          // whose items a key shows one at a time is no deck; S5's incremental lists were taken
          // for one), in no table, log, feed or application (whose keys are its own: a map, a
          // game, an editor).
          const deckHolders = () => within(document, '*').filter((h) => h.children.length >= 3
            && !h.closest('[role=log],[role=feed],[role=application],table')).map((h) => ({ h, kids: deckKids(h) })).filter((c) => {
            if (c.kids.length < 3) return false;
            const shown = c.kids.filter((k) => onScreen(k, c.kids));
            return shown.length >= 1 && shown.length < c.kids.length
              && shown.every((k) => { const b = k.getBoundingClientRect(); return b.width >= 100 && b.height >= 100; });
          });
          // The widget around a holder found by watching or by pressing keys: `root` if given,
          // else the outermost element around the holder with the holder's box, which holds its
          // arrows and frame.
          const aroundHolder = (h, root) => {
            if (root) return root;
            const b = h.getBoundingClientRect();
            const same = (n) => { const c = n.getBoundingClientRect(); return Math.abs(c.left - b.left) <= 2 && Math.abs(c.right - b.right) <= 2 && Math.abs(c.top - b.top) <= 2 && Math.abs(c.bottom - b.bottom) <= 2; };
            let r = h;
            for (let n = h.parentElement; n && n !== document.body && same(n); n = n.parentElement) r = n;
            // A strip of slides wider than the element that clips it (iScroll's demo: four slides
            // in a strip 800 px wide, moved inside a window 320 px wide) is that element's: the
            // slide shown is read at the middle of what a person sees, not of the strip (slide 2
            // was read as shown at load).
            for (let n = r.parentElement, up = 0; n && n !== document.body && up < 4; n = n.parentElement, up += 1) {
              if (getComputedStyle(n).overflowX === 'visible') continue;
              const c = n.getBoundingClientRect();
              // Only a window of the strip's height: a whole site wrapped in an element that
              // clips across (its header, menu and footer above and below the strip) is no
              // carousel's.
              if ((b.left < c.left - 1 || b.right > c.right + 1) && c.height <= b.height * 1.1 + 8) return n;
              break;
            }
            return r;
          };

          // Each finder returns {how, root, slides, pickers} or null.
          const finders = {
            apg(root) {
              const roots = root ? [root] : within(document, '[aria-roledescription]').filter((e) => /carousel/i.test(e.getAttribute('aria-roledescription')));
              for (const r of roots) {
                if (!/carousel/i.test(r.getAttribute('aria-roledescription') || '')) continue;
                let slides = within(r, '[aria-roledescription]').filter((e) => /slide/i.test(e.getAttribute('aria-roledescription')));
                if (!slides.length) slides = within(r, '[role=tabpanel]');
                slides = withoutCopies(slides);
                const tabs = within(r, '[role=tab]');
                const pickers = tabs.length ? tabs : dotButtons(r, slides.length);
                return { how: 'the APG carousel pattern (aria-roledescription="carousel")', root: r, slides, pickers, tablist: tabs.length > 0 };
              }
              return null;
            },
            tablist(root) {
              for (const list of within(root || document, '[role=tablist]')) {
                const tabs = within(list, '[role=tab]');
                if (tabs.length < 2) continue;
                const panels = tabs.map((t) => document.getElementById(t.getAttribute('aria-controls') || '')).filter(Boolean);
                let slides = panels.length === tabs.length ? panels : [];
                let r = root || (slides.length ? lowestCommonAncestor(list, slides[0]) : list.parentElement);
                // Tabs that name no panel (Glider.js's dots): the slides are as many alike
                // elements near them, found as for a group of dots.
                if (!slides.length) {
                  for (let n = r; n && !slides.length; n = root ? null : n.parentElement) {
                    slides = siblingSlides(n, tabs.length, tabs);
                    if (slides.length) r = n;
                    if (n === document.body) break;
                  }
                }
                return { how: 'a tablist of slide pickers (role="tablist")', root: r, slides, pickers: tabs, tablist: true };
              }
              return null;
            },
            bootstrap(root) {
              const roots = root ? [root] : within(document, '.carousel');
              for (const r of roots) {
                // Bootstrap 4 and 5 mark a slide .carousel-item; Bootstrap 3, and what draws
                // with its styles (UI Bootstrap's uib-carousel for AngularJS), .item in
                // .carousel-inner.
                let item = '.carousel-item';
                let slides = within(r, item);
                if (!slides.length) {
                  item = '.item';
                  slides = within(r, '.carousel-inner > .item');
                }
                if (slides.length < 1) continue;
                let pickers = within(r, '[data-bs-slide-to],[data-slide-to]');
                let by = pickers.length && pickers[0].hasAttribute('data-slide-to') ? 'data-slide-to' : 'data-bs-slide-to';
                // Indicators that Bootstrap's own script does not answer carry no such
                // attribute (UI Bootstrap's are list items with a click handler and words
                // hidden from the eye, "slide 2 of 3"): then the children of
                // .carousel-indicators are the dots (UI Bootstrap's carousel was "no carousel
                // found"). An item holding one control of its own (a button "Slide 2") is that
                // control, as in a group of dots; an item with no control and no click of its
                // own leaves the carousel to the other finders.
                if (!pickers.length) {
                  const row = r.querySelector('.carousel-indicators');
                  const kids = (row ? [...row.children] : []).map((e) => {
                    const inner = within(e, 'button,a[href],[role=button],[role=tab],[tabindex]').filter(focusable);
                    return inner.length === 1 ? inner[0] : clickable(e) ? e : null;
                  });
                  // As many as the slides or not: with data-slide-to any number is taken, and
                  // four dots beside three slides are a fault to judge, not to pass over.
                  if (kids.length > 1) {
                    if (kids.some((e) => !e)) continue;
                    pickers = kids;
                    by = '.carousel-indicators';
                  }
                }
                // Bootstrap's class names with dots of another kind (Spectre's CSS carousel:
                // labels for hidden radio buttons, in .carousel-nav): a group of dots in the
                // widget, beside its slides, is its pickers. They were left unjudged.
                if (!pickers.length) {
                  const dots = finders.dots(r);
                  if (dots && dots.pickers.length === slides.length) {
                    pickers = dots.pickers;
                    by = 'a group of dot buttons';
                  }
                }
                const how = pickers.length
                  ? 'Bootstrap-style indicators (.carousel, ' + item + ', ' + by + ')'
                  : "Bootstrap's carousel markup (.carousel, " + item + ')';
                return { how, root: r, slides, pickers };
              }
              return null;
            },
            // Bootstrap's tab markup with no roles: a `.nav` of items (`.nav-tabs`, `.nav-pills`)
            // beside a `.tab-content` of as many `.tab-pane`s. UI Bootstrap's uib-tabset draws
            // it with links that have no address and marks the current one with a class alone;
            // its links were neither dots (words) nor links to panels (no "#id").
            bootstrapTabs(root) {
              for (const content of within(root || document, '.tab-content')) {
                const panes = [...content.children].filter((e) => e.classList.contains('tab-pane'));
                if (panes.length < 2) continue;
                // The nav nearest before the panes, in the same parent or one further up.
                for (let holder = content.parentElement; holder && holder !== document.documentElement; holder = holder.parentElement) {
                  const navs = within(holder, '.nav').filter((n) => !n.contains(content)
                    && (n.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING));
                  const nav = navs[navs.length - 1];
                  if (!nav) { if (root && holder === root) break; continue; }
                  const items = [...nav.children];
                  const pickers = items.map((e) => (clickable(e) && !e.matches('li') ? e
                    : within(e, 'a,button,[role=tab],[tabindex]').filter(clickable)[0] || null));
                  if (items.length !== panes.length || pickers.some((e) => !e)) break;
                  const r = root || lowestCommonAncestor(nav, content);
                  return { how: "Bootstrap's tab markup (.nav, .tab-content, .tab-pane)", root: r, slides: panes, pickers,
                    links: pickers.every((e) => e.matches('a[href]')) };
                }
              }
              return null;
            },
            slider(root) {
              for (const s of within(root || document, '[role=slider]')) {
                const max = Number(s.getAttribute('aria-valuemax'));
                const min = Number(s.getAttribute('aria-valuemin') || '0');
                if (!(max > min)) continue;
                // The pager is the nearest ancestor that also holds as many alike slides as the slider
                // has values (the slider alone is not the widget).
                const count = max - min + 1;
                let r = root;
                let slides = r ? siblingSlides(r, count, [s]) : [];
                for (let n = s.parentElement; !r && n && n !== document.documentElement; n = n.parentElement) {
                  const found = siblingSlides(n, count, [s]);
                  if (found.length === count) { r = n; slides = found; }
                }
                r = r || s.parentElement;
                return { how: 'a pager with role="slider"', root: r, slides, pickers: [], slider: s };
              }
              return null;
            },
            // A CSS carousel: a scroll container whose children each have a ::scroll-marker
            // (Chromium's own dots), perhaps with ::scroll-button()s (its own Previous and Next).
            // The pseudo-elements are no elements: the probe reaches them through the DevTools
            // protocol (their nodes, boxes, focus and tree), marked from the slides and root.
            // Its slides are the children with a marker, or with Previous and Next alone and no
            // group of markers, all its children. Markers on columns (::column::scroll-marker)
            // mark pages no element holds: that one is not taken (see cssCarousel).
            css(root) {
              const carousel = api.cssCarousel(root);
              if (!carousel) return null;
              const e = carousel.element;
              const slides = carousel.markers >= 2 ? [...e.children].filter((c) => drawnContent(getComputedStyle(c, '::scroll-marker').content))
                : carousel.markers === 0 && !carousel.group && carousel.buttons ? [...e.children] : [];
              if (slides.length < 2) return null;
              const parts = [carousel.markers >= 2 ? '::scroll-marker' : null, carousel.buttons ? '::scroll-button()' : null].filter(Boolean);
              return { how: 'a CSS carousel (' + parts.join(', ') + ')', root: e, slides, pickers: [], css: true };
            },
            dots(root) {
              // A run of at least two small, alike, clickable siblings: the dots.
              const scope = root || document.body;
              let wholePage = null;
              for (const group of within(scope, '*')) {
                // The dots themselves, or (a list of them, as SlidesJS's ul.pagination) each
                // child holding exactly one: then the slides must be found too, since a row of
                // short links in a list is also how a page numbers its pages.
                const wrapped = (e) => (!clickable(e) && e.children.length === 1 && clickable(e.children[0]) ? e.children[0] : null);
                // A play or pause button in the row of dots is not a dot.
                const children = [...group.children].filter((e) => controlKind(wrapped(e) || e) !== 'rotation');
                let kids = children.filter((e) => clickable(e) && visible(e));
                let inItems = false;
                if (kids.length < 2 && children.length >= 2) {
                  kids = children.map(wrapped).filter((e) => e && visible(e));
                  inItems = true;
                }
                if (kids.length < 2 || kids.length !== children.length) continue;
                // Items that answer clicks (cursor: pointer) but take no focus, each holding one
                // control that does (Slick with `accessibility: false`: li > button "1"): the
                // control is the dot a person Tabs to and presses, and whose name a screen reader
                // says. The items were taken for the dots: "no accessible name", and Enter on
                // them did nothing.
                const inner = (e) => {
                  if (focusable(e)) return null;
                  const controls = within(e, 'button,a[href],input,[role=button],[role=tab],[tabindex]').filter(focusable);
                  return controls.length === 1 ? controls[0] : null;
                };
                if (!inItems && kids.every(inner)) kids = kids.map(inner);
                // Arrows side by side are not dots: Owl's, two small buttons "‹" and "›" before
                // its dots, were taken for two dots. A dot named like one ("Back to school") is
                // still a dot among others.
                if (kids.every(controlKind)) continue;
                const sizes = kids.map((e) => e.getBoundingClientRect());
                const small = sizes.every((r) => r.width <= 64 && r.height <= 64);
                const alike = sizes.every((r) => Math.abs(r.height - sizes[0].height) <= 2);
                if (!small || !alike) continue;
                // Words hidden from the eye make a dot of a button, or of a link within the page;
                // not of a link to another page (a row of social links, "Follow us" for screen
                // readers only, is no row of dots).
                const elsewhere = (e) => e.matches('a[href]') && !(e.getAttribute('href') || '').startsWith('#');
                const wordless = kids.every((e) => text(e).length <= 3 || (!elsewhere(e) && drawnText(e).length <= 3));
                // Or words hidden from the eye and numbered in order, alike but for the number
                // (Flickity's "View slide 1", "View slide 2" indented out of 10 px dots): a row of
                // links or buttons that merely contain digits is not numbered 1, 2, 3.
                const shape = (e) => text(e).replace(/\d+/, '#');
                const numbered = kids.every((e, i) => {
                  const digits = text(e).match(/\d+/g);
                  return digits && digits.length === 1 && Number(digits[0]) === i + 1 && shape(e) === shape(kids[0]);
                });
                if (!wordless && !numbered) continue;
                let r = root || group.parentElement;
                let slides = siblingSlides(r, kids.length, kids);
                while (!root && !slides.length && r.parentElement && r !== document.body) {
                  r = r.parentElement;
                  slides = siblingSlides(r, kids.length, kids);
                }
                if (inItems && !slides.length) continue;
                const found = { how: inItems ? 'a list of dot links' : 'a group of dot buttons', root: r, slides, pickers: kids };
                // Found only as the whole page, a later group is looked for first: lightGallery's
                // toolbar without its counter (two wordless buttons, Close and Download) was
                // taken for two dots, and its pager of four below was never reached. A page
                // whose dots and slides share no closer ancestor is still found as the body.
                if (r !== document.body || root) return found;
                wholePage = wholePage || found;
              }
              return wholePage;
            },
            // A row of in-page links, each to one of a set of alike panels of which the page
            // shows one (Material Design Lite's tabs: links to "#panel" that a click moves an
            // `is-active` class between, with no role and no state). Words, any size: the panels
            // they point at are what make them a pager. A table of contents is no pager: its
            // sections are all shown, or are anchors with nothing to show; nor are links to
            // dialogs or menus, none of which is shown. So exactly one panel is shown.
            links(root) {
              const scope = root || document.body;
              const target = (a) => {
                const href = a.getAttribute('href') || '';
                if (!/^#./.test(href)) return null;
                // The fragment as written first, then decoded, as a browser looks for it.
                const raw = document.getElementById(href.slice(1));
                if (raw) return raw;
                try { return document.getElementById(decodeURIComponent(href.slice(1))); } catch (err) { return null; }
              };
              for (const group of within(scope, '*')) {
                const children = [...group.children];
                if (children.length < 2) continue;
                const links = children.map((e) => (e.matches('a[href]') ? e
                  : e.children.length === 1 && e.children[0].matches('a[href]') ? e.children[0] : null));
                if (links.some((a) => !a || !visible(a))) continue;
                const panels = links.map(target);
                if (panels.some((p) => !p || links.some((a) => p.contains(a)))) continue;
                if (new Set(panels).size !== panels.length) continue;
                const parent = panels[0].parentElement;
                if (!parent || panels.some((p) => p.parentElement !== parent || p.localName !== panels[0].localName)) continue;
                if (panels.filter(visible).length !== 1) continue;
                const r = root || lowestCommonAncestor(group, parent);
                // Links whose panels share no closer ancestor than the page are a page's own
                // navigation, not a widget.
                if (r === document.body) continue;
                return { how: 'a row of links to panels (href="#…")', root: r, slides: panels, pickers: links, links: true };
              }
              return null;
            },
            // Radio buttons that pick panels, of which the page shows the checked one's: CSS-only
            // tabs, as sphinx-inline-tabs makes them (Debian's python3-sphinx-inline-tabs, and the
            // documentation of every project that uses it): each tab a radio input drawn as its
            // label, its panel shown by `:checked + label + .tab-content`, no role and no script.
            // A screen reader says "One, radio button, checked, 1 of 4", and the arrow keys move
            // the choice; it was "no carousel found". The panels are the set of alike elements
            // (one parent, tag and class) as many as the radios, holding none of them, of which
            // exactly one is shown: the checked radio's, by order.
            // `every`, where given, collects every set found, not the first (the page's other
            // tab sets, for `others`).
            radios(root, every) {
              const scope = root || document.body;
              // A group is its form's (or the document's) radio buttons of one name, as the
              // browser groups them: two forms may use the same name for two groups.
              const forms = new Map();
              for (const e of within(scope, 'input[type=radio]')) {
                if (!e.name) continue;
                if (!forms.has(e.form)) forms.set(e.form, new Map());
                const groups = forms.get(e.form);
                if (!groups.has(e.name)) groups.set(e.name, []);
                groups.get(e.name).push(e);
              }
              // Radio buttons in a form that sends something (a submit button) or asks more
              // (other fields) are a question, whatever they show: a quiz's feedback under each
              // answer, a delivery form's fields for the option chosen. Tabs send nothing.
              const question = (radios) => {
                const form = radios[0].form;
                return !!form && [...form.elements].some((f) => submits(f) || (f.name && f.name !== radios[0].name && f.type !== 'hidden'));
              };
              group: for (const radios of [...forms.values()].flatMap((g) => [...g.values()])) {
                if (radios.length < 2 || question(radios)) continue;
                const checked = radios.findIndex((e) => e.checked);
                if (checked < 0) continue;
                const holder = radios.reduce((a, e) => lowestCommonAncestor(a, e));
                if (!holder || holder === document.body || holder === document.documentElement) continue;
                // The radio buttons, their labels and every element holding one, below the holder:
                // no panel is any of them. Walked up once from each (asking every element whether
                // it holds one of them grows with the product of the two counts).
                const theirs = new Set();
                for (const r of radios) {
                  for (const start of [r, ...(r.labels || [])]) {
                    for (let n = start; n && n !== holder && !theirs.has(n); n = n.parentElement) theirs.add(n);
                  }
                }
                const sets = new Map();
                for (const e of within(holder, '*')) {
                  if (e.localName === 'input' || e.localName === 'label' || theirs.has(e)) continue;
                  const key = e.parentElement;
                  if (!sets.has(key)) sets.set(key, []);
                  sets.get(key).push(e);
                }
                for (const kids of sets.values()) {
                  const alike = new Map();
                  for (const e of kids) {
                    // The first class names the kind ("panel panel--code" is a panel).
                    const sign = e.localName + ' ' + (e.classList[0] || '');
                    if (!alike.has(sign)) alike.set(sign, []);
                    alike.get(sign).push(e);
                  }
                  for (const same of alike.values()) {
                    if (same.length !== radios.length) continue;
                    // Shown: drawn, not clipped away, and not moved off the page. A CSS-only
                    // slider moves a track of slides under a window (`:checked ~ .track
                    // { transform: … }`): all are drawn, one lies in the window; other pages put
                    // the panels not chosen at `left: -9999px`. Clipped by the holder or what
                    // lies inside it only: a page that scrolls in a container of its own clips
                    // every tab set below the fold, whose panels are shown all the same.
                    const inPage = (e) => { const b = e.getBoundingClientRect(); return b.right + scrollX > 0 && b.bottom + scrollY > 0; };
                    const shown = same.map((e) => visible(e) && !clippedAway(e, holder) && inPage(e));
                    if (shown.filter(Boolean).length !== 1 || !shown[checked]) continue;
                    const tabs = { how: 'radio buttons that show panels (input type="radio")', root: root || holder, slides: same, pickers: radios, radios: true };
                    if (!every) return tabs;
                    every.push(tabs);
                    continue group;
                  }
                }
              }
              return null;
            },
            // Previous and Next and no pickers at all: Slick's and lightGallery's defaults (dots
            // are an option in both), and most slide shows people meet. Both were "no carousel
            // found". The slides are the nearest set of alike elements around the two controls
            // (see below for which), of which some are not on screen: a page's "Previous" and
            // "Next" around a list of posts, all shown, is no carousel. A link to another
            // document is a page's navigation, never an arrow: the probe presses what it finds.
            arrows(root) {
              const scope = root || document.body;
              const inPage = (e) => {
                if (!e.matches('a[href]')) return true;
                const href = (e.getAttribute('href') || '').trim();
                return href === '' || href.startsWith('#') || /^javascript:/i.test(href);
              };
              const arrowsOf = (kind) => controlsIn(scope).filter((e) => controlKind(e) === kind && inPage(e));
              const nexts = arrowsOf('next').filter(visible);
              const previouses = arrowsOf('previous');
              if (!nexts.length || !previouses.length) return null;
              const area = (e) => { const b = e.getBoundingClientRect(); return b.width * b.height; };
              const depth = (e) => { let d = 0; for (let n = e; n; n = n.parentElement) d++; return d; };
              const holders = alikeHolders();
              // Each Next with the Previous nearest it (their closest common ancestor), the pairs
              // nearest first: a "Read next article" in a page's header took a carousel's slides
              // from its own arrows. Each previous's ancestors are listed once (pairing every Next
              // with every Previous was quadratic: 6,667 pairs ran past the browser's 10 s).
              const previousBelow = new Map();
              for (const p of previouses) {
                for (let n = p.parentElement; n && !previousBelow.has(n); n = n.parentElement) previousBelow.set(n, p);
              }
              const pairs = [];
              for (const next of nexts) {
                for (let n = next.parentElement; n; n = n.parentElement) {
                  const previous = previousBelow.get(n);
                  if (!previous) continue;
                  if (!previous.contains(next)) pairs.push({ next, previous, common: n, depth: depth(n) });
                  break;
                }
              }
              pairs.sort((a, b) => b.depth - a.depth);
              const tried = new Set();
              for (const { next, previous, common } of pairs) {
                // Arrows that share no closer ancestor than the page are none of one widget.
                if (!root && (common === document.body || common === document.documentElement)) continue;
                for (let r = root || common; r && r !== document.body; r = r.parentElement) {
                  // The holders below `r` of neither control, nearest first in the page's order.
                  // The first ancestor that has any decides: one with some of its children on
                  // screen and some not, the shown ones larger than the Next and side by side,
                  // holds the slides; else these arrows turn no slides (a carousel of slides
                  // stacked in a way not seen took the next carousel's slides, further up).
                  const here = holders.filter(({ h, kids }) => r.contains(h) && !tried.has(h)
                    && !kids.some((k) => k.contains(next) || k.contains(previous)));
                  if (!here.length) { if (root) break; continue; }
                  for (const { h, kids } of here) {
                    tried.add(h);
                    const shown = kids.filter((e) => onScreen(e, kids));
                    // Several shown are a row side by side (Slick's slidesToShow), not a list
                    // stacked down the page: ten of twenty posts shown a page at a time is a
                    // list's pagination, whose pages are no one element.
                    const top = shown.length ? shown[0].getBoundingClientRect().top : 0;
                    const row = shown.every((e) => Math.abs(e.getBoundingClientRect().top - top) <= 2);
                    if (shown.length >= 1 && shown.length < kids.length && row && shown.every((e) => area(e) >= 2 * area(next))) {
                      return { how: 'Previous and Next beside slides (no pickers)', root: r, slides: kids, pickers: [] };
                    }
                  }
                  break;
                }
              }
              return null;
            },
            // Slides that turn on their own with nothing else to name them a carousel: no
            // pickers, and no Previous or Next a finder knows (PyTango's documentation: a Jssor
            // slider of seven slides turning every 3 s, its arrows wordless spans shown under the
            // pointer only, was "no carousel found", and its worst fault, slides nobody can stop
            // from the keyboard, went unsaid). Found by watching (`turningStart`); the widget is
            // the outermost element around their holder with the holder's box, which holds its
            // arrows and frame.
            turning(root) {
              const h = turningSelector ? document.querySelector(turningSelector) : null;
              if (!h || (root && !root.contains(h) && root !== h)) return null;
              const kids = turningKids(h);
              if (kids.length < 2) return null;
              return { how: 'slides that turn on their own (found by watching them; no pickers, no Previous or Next found)', root: aroundHolder(h, root), slides: kids, pickers: [] };
            },
            // Slides turned by the arrow keys pressed wherever focus is, with nothing else to
            // name them a carousel: a slide deck (S5, remark), whose only controls are keys, or
            // links hidden until the pointer is over them. Found by pressing them (`keysStart`).
            keys(root) {
              const h = keysSelector ? document.querySelector(keysSelector) : null;
              if (!h || (root && !root.contains(h) && root !== h)) return null;
              const kids = deckKids(h);
              if (kids.length < 2) return null;
              return { how: 'slides turned by the arrow keys (found by pressing them; no pickers, no Previous or Next found)', root: aroundHolder(h, root), slides: kids, pickers: [], keys: true };
            },
          };
          // Pickers inside an APG carousel without tabs: buttons named like "Slide 3" or wordless dots.
          const dotButtons = (r, count) => {
            const buttons = within(r, 'button,[role=button],a[href]').filter((e) => !controlKind(e));
            return count > 1 && buttons.length === count ? buttons : [];
          };
          // A looping carousel (Swiper, Slick, Splide, Glide, Owl) copies slides to its ends, so it
          // can scroll past the last into the first. The copies are not slides: counted as slides,
          // Swiper's looping 3 had 5 and no dots to match. A copy says so in its class, which ends
          // with the word ("swiper-slide-duplicate", "slick-cloned", "glide__slide--clone"; Swiper
          // marks the slide a copy stands beside "swiper-slide-duplicate-prev"), and shows what one
          // of its siblings shows: a slide of class "promo-duplicate" is a slide.
          const cloneClass = /(^|[\s_-])(clone|cloned|duplicate)(?=$|\s)/i;
          // What an element shows, three ways: its markup less ids (a copy's are removed or
          // renamed), its words, its pictures.
          const shows = (e) => [
            e.innerHTML.replace(/\s(id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, ''),
            e.textContent.trim(),
            [...e.querySelectorAll('img')].map((i) => i.getAttribute('src') || '').join(' ').trim(),
          ];
          const sameShown = (a, b) => a.some((v, k) => v && v === b[k]);
          // The index in `among` of the element showing what `copy` shows, or -1.
          const shownBy = (copy, among) => {
            const look = shows(copy);
            return among.findIndex((e) => e !== copy && sameShown(look, shows(e)));
          };
          // The elements of `list` that are copies of others in it.
          const copiesIn = (list) => {
            const named = list.filter((e) => cloneClass.test(e.getAttribute('class') || ''));
            if (!named.length) return [];
            const rest = list.filter((e) => !named.includes(e));
            return named.filter((e) => shownBy(e, rest) >= 0);
          };
          const withoutCopies = (list) => {
            const copies = copiesIn(list);
            return copies.length ? list.filter((e) => !copies.includes(e)) : list;
          };
          // `count` alike children of one element below `r`: the slides a pager without markup shows.
          // None holds the dots (`apart`): Glide's root has three divs, track, arrows and bullets,
          // which were taken for its three slides; nor is inside one (a tab's three spans).
          // The elements holding `count` such children are listed once per find, in document
          // order, and each search takes the first below `r`: a search walked all of `r` anew,
          // and every group of small links climbing to the body for its slides walked the whole
          // page (3,000 rows of three short links ran past the browser's 10 s answer).
          const holders = new Map();
          const holdersOf = (count) => {
            let list = holders.get(count);
            if (!list) {
              list = [];
              for (const e of within(document, '*')) {
                if (e.children.length < count) continue;
                const kids = withoutCopies([...e.children]);
                if (kids.length === count && kids.every((k) => k.localName === kids[0].localName) && !kids.some(clickable)) list.push({ e, kids });
              }
              holders.set(count, list);
            }
            return list;
          };
          // Another row of the same pickers is no set of slides: a page numbered by links drawn
          // above and below its list (1 2 3 4, twice) was taken for dots and their slides, and
          // the audit's press on "2" loaded another document; UIkit's test pages draw its
          // dotnav twice and its tablists one under another. Each item of such a row holds one
          // control: a tab where the pickers are tabs, else one named as the picker at its place
          // (or, where the pickers have no words, drawn at their size: linked pictures in
          // slides are no dots).
          const pickerRow = (kids, pickers) => kids.length === pickers.length && kids.every((k, i) => {
            // Not only those in the Tab order: a tablist's tabs but the selected one are out of it.
            const controls = within(k, 'a[href],button,input,[role=button],[role=tab]');
            if (controls.length !== 1) return false;
            const c = controls[0];
            const p = pickers[i];
            if (p.getAttribute('role') === 'tab') return c.getAttribute('role') === 'tab';
            if (text(p)) return text(c) === text(p);
            const a = c.getBoundingClientRect();
            const b = p.getBoundingClientRect();
            return a.width <= 64 && a.height <= 64 && Math.abs(a.width - b.width) <= 2 && Math.abs(a.height - b.height) <= 2;
          });
          // The first holder of `count` alike elements below `r` that holds none of `apart` (the
          // pickers, or the slider) and is not another row of them.
          const siblingSlides = (r, count, apart = []) => {
            if (count < 2) return [];
            for (const { e, kids } of holdersOf(count)) {
              if (!(e === r || r.contains(e)) || kids.some((k) => apart.some((a) => k.contains(a) || a.contains(k)))) continue;
              if (!pickerRow(kids, apart)) return kids;
            }
            return [];
          };

          // In what a screen reader reads: not hidden by aria-hidden, inert, display or
          // visibility, and showing something (words or a picture). Checked on the markup, since
          // Chromium's tree has no node of its own for a plain div whose content it still reads.
          const exposedToScreenReaders = (e) => !e.closest('[aria-hidden=true],[inert]') && visible(e)
            && (e.textContent.trim() !== '' || !!e.querySelector('img[alt]:not([alt=""]),svg[aria-label],[role=img]'));

          const indices = (list, test) => {
            const out = [];
            list.forEach((e, i) => { if (test(e)) out.push(i); });
            return out;
          };

          let found = null;
          // What a person sees and clicks for a picker: the picker itself, but for a radio button
          // drawn invisible (sphinx-inline-tabs' are `opacity: 0` under their labels; others are
          // `display: none`, or clipped to a pixel as screen-reader-only text) its label, a click
          // on which checks it: the label is the tab to the eye and to the hand, so the rules of
          // sight and touch (dot-contrast, dots-fit, target-size) judge the label. The keyboard
          // and the screen reader still meet the radio button.
          const face = (e) => {
            if (!found || !found.radios || !e) return e;
            const b = e.getBoundingClientRect();
            const style = getComputedStyle(e);
            const drawn = seen(e) && b.width >= 4 && b.height >= 4 && style.clip === 'auto' && style.clipPath === 'none';
            return drawn ? e : (e.labels && [...e.labels].find(visible)) || e;
          };
          // The widget's elements that are none of its parts, numbered as Tab first reaches them.
          const stopKeys = new Map();
          // Rests that ran to their limit: the page never stood still (see `unsettled`).
          let unsettledRests = 0;
          // Where the slides are in the widget, to half a pixel (the first and last 25 of a long
          // carousel). In the widget, not the window: the page scrolling smoothly to a focused
          // part moves no slide in it (the APG's tabbed carousel waited for its page to scroll).
          // Their size, clip and opacity too, each apart: jQuery UI's `blind` and `clip` effects
          // wipe a panel open by its clip, and its `scale` grows it, with its place unchanged;
          // its `fade` is opacity alone, a crossfade.
          const slideShapes = () => {
            const sampled = found.slides.length > 50 ? [...found.slides.slice(0, 25), ...found.slides.slice(-25)] : found.slides;
            const origin = found.root.getBoundingClientRect();
            const half = (v) => Math.round(v * 2);
            const shapes = { position: [], size: [], clip: [], opacity: [] };
            for (const e of sampled) {
              const r = e.getBoundingClientRect();
              const style = getComputedStyle(e);
              shapes.position.push(half(r.left - origin.left) + ',' + half(r.top - origin.top));
              shapes.size.push(half(r.width) + 'x' + half(r.height));
              shapes.clip.push(style.clip + ' ' + style.clipPath);
              shapes.opacity.push(style.opacity);
            }
            const joined = {};
            for (const k of Object.keys(shapes)) joined[k] = shapes[k].join(';');
            return joined;
          };
          // A copy of a slide drawn over the slides in the widget, outside them and their holder,
          // where it is mostly opaque: the slide it shows (`index`, -1 if it is no one slide's
          // copy), else null. Jssor's slideshow fades in a copy of the next slide in a container
          // of its own, the slide itself hidden, and leaves it there until the next change:
          // PyTango's slide 2 was read as slide 1 (the nearest slide seen), and an arrow key
          // pressed there went "from slide 1 to slide 3" (an audit parks its pointer after the
          // first fade on a busy machine: 15 audits in 16 failed there). A copy's styles differ
          // (Jssor sets its own transform), so its markup is compared without them, and it must
          // be one slide's alone.
          const unstyled = (e) => shows(e).map((v, k) => (k === 0 ? v.replace(/\sstyle="[^"]*"/g, '') : v));
          const drawnCopy = (e) => {
            if (!found.root.contains(e) || found.root === e) return null;
            for (let n = e; n && n !== found.root; n = n.parentElement) {
              if (found.slides.some((s) => n.contains(s) || s.contains(n))) return null;
              if (!seen(n)) return null;
              const look = unstyled(n);
              if (!look.some(Boolean)) continue;
              let opacity = 1;
              // From the element drawn at the point up: a copy fading in (0.3) is not made opaque by
              // its container.
              for (let m = e; m && m !== found.root; m = m.parentElement) opacity *= Number(getComputedStyle(m).opacity);
              if (opacity < 0.5) return null;
              const matches = indices(found.slides, (s) => sameShown(look, unstyled(s)));
              return { element: n, index: matches.length === 1 ? matches[0] : -1 };
            }
            return null;
          };
          const slidePlaces = () => { const s = slideShapes(); return [s.position, s.size, s.clip, s.opacity].join('|'); };
          const api = {
            // A CSS carousel below `root` (or in the page): a scroll container whose buttons and
            // dots are the browser's own pseudo-elements (::scroll-button(), ::scroll-marker in
            // a ::scroll-marker-group), which no element carries. Where no carousel of elements
            // was found, one of these is why. Its selector and parts, or null.
            cssCarousel(root) {
              const drawn = drawnContent;
              const scroller = (e) => /auto|scroll|hidden/.test(getComputedStyle(e).overflowX + getComputedStyle(e).overflowY);
              for (const e of [root || document.body, ...(root || document.body).querySelectorAll('*')]) {
                if (!e || !scroller(e)) continue;
                const style = getComputedStyle(e);
                const group = style.scrollMarkerGroup && style.scrollMarkerGroup !== 'none';
                const buttons = ['left', 'right', 'up', 'down', 'inline-start', 'inline-end', 'block-start', 'block-end']
                  .filter((to) => { try { return drawn(getComputedStyle(e, '::scroll-button(' + to + ')').content); } catch (err) { return false; } });
                const markers = [...e.children].filter((c) => drawn(getComputedStyle(c, '::scroll-marker').content)).length;
                if (group || markers || buttons.length) {
                  return { selector: selectorOf(e), element: e, group: group ? style.scrollMarkerGroup : null, buttons: buttons.length ? 1 : 0, markers };
                }
              }
              return null;
            },
            // Links to pictures below `selector` (or in the page), which a lightbox gallery opens
            // one at a time in a viewer of its own: grouped by a gallery's attribute, by a
            // gallery script's class (Colorbox marks each `cboxElement`; its own example groups
            // text links by a class named in its script), or each holding a thumbnail. Most such
            // viewers (lightbox2, Colorbox, fancybox 2, Slimbox) show a picture at a time with no
            // element for the others, so no finder sees slides there; where nothing else was
            // found, "no carousel found" says that this may be why, not that the page has no
            // gallery. A link counts in each group it can, and the largest group is told (an
            // attribute's first where as large): its count, first link and how they are grouped,
            // or null.
            pictureLinks(selector) {
              const scope = selector ? document.querySelector(selector) : document;
              if (!scope) return null;
              const picture = /^data:image\/|\.(jpe?g|png|gif|webp|avif|svg|bmp)([?#]|$)/i;
              // rel's own link types say nothing of a group; any other value of it does.
              const linkTypes = /^(alternate|author|bookmark|external|help|license|next|nofollow|noopener|noreferrer|opener|prev|search|tag|me|privacy-policy|terms-of-service|ugc|sponsored)$/i;
              const groupAttributes = ['data-lightbox', 'data-fancybox', 'data-fancybox-group', 'data-gallery', 'rel'];
              const galleryClass = /lightbox|fancybox|colorbox|cbox|gallery|swipebox|venobox|photoswipe|^mfp-/i;
              const groups = new Map();
              const join = (key, by, value, a) => {
                if (!groups.has(key)) groups.set(key, { by, value, links: [] });
                groups.get(key).links.push(a);
              };
              for (const a of within(scope, 'a[href]')) {
                if (!picture.test((a.getAttribute('href') || '').trim())) continue;
                for (const name of groupAttributes) {
                  const value = (a.getAttribute(name) || '').trim();
                  if (!value || (name === 'rel' && value.split(/\s+/).every((v) => linkTypes.test(v)))) continue;
                  join('0 ' + name + '=' + value, name, value, a);
                }
                for (const token of a.classList) if (galleryClass.test(token)) join('2 class ' + token, 'class', token, a);
                if (a.querySelector('img')) join('1 thumbnails', null, null, a);
              }
              const largest = ([...groups.entries()]
                .sort(([k1, x], [k2, y]) => y.links.length - x.links.length || (k1 < k2 ? -1 : 1))[0] || [])[1];
              if (!largest || largest.links.length < 2) return null;
              return { count: largest.links.length, first: selectorOf(largest.links[0]), by: largest.by, value: largest.value };
            },
            // The carousel below `element` if given, else the one `selector` (or the page) has.
            find(selector, element, turning, keys) {
              if (turning) turningSelector = turning;
              if (keys) keysSelector = keys;
              let root = element || null;
              found = null;
              positions.clear();
              holders.clear();
              if (!root && selector) {
                let all;
                try { all = document.querySelectorAll(selector); } catch (err) { return { error: 'selector', message: String(err.message) }; }
                if (!all.length) return { error: 'none-matching' };
                root = all[0];
              }
              // Radio buttons before dots: a CSS-only slider's dots are the labels of its radio
              // buttons, which are what the keyboard and a screen reader meet (its labels,
              // taken as dots, were "not focusable" and "no accessible name").
              const order = ['apg', 'tablist', 'bootstrap', 'bootstrapTabs', 'slider', 'radios', 'dots', 'links', 'css', 'arrows', 'turning', 'keys'];
              for (const kind of order) {
                const f = finders[kind](root);
                if (f) {
                  found = f;
                  break;
                }
              }
              if (!found) {
                const css = api.cssCarousel(root);
                if (css) delete css.element;
                return { error: 'not-found', css };
              }
              // Copies named by markup as slides are still copies (Splide's looping three slides
              // are seven with aria-roledescription="slide", and the model's pages were seven).
              found.slides = withoutCopies(found.slides);
              const r = found.root;
              // Everything of the widget gets a mark, so the accessibility tree can be matched to it.
              // Marks of a find before this one go first (a hidden carousel passed over for a drawn
              // one, a carousel drawn anew): a part found by its mark, and the Tab walk's start
              // before the first marked element, took the other carousel's.
              for (const e of document.querySelectorAll('[' + MARK + '],[' + MARK + '-face]')) {
                e.removeAttribute(MARK);
                e.removeAttribute(MARK + '-face');
              }
              r.setAttribute(MARK, 'root');
              found.slides.forEach((e, i) => e.setAttribute(MARK, 'slide-' + i));
              // A loop's copies, so controls inside them are not taken for the widget's.
              api.copies().forEach((e, i) => e.setAttribute(MARK, 'copy-' + i));
              found.pickers.forEach((e, i) => e.setAttribute(MARK, 'picker-' + i));
              found.pickers.forEach((e) => { if (face(e) !== e) face(e).setAttribute(MARK + '-face', ''); });
              const pickerSet = new Set(found.pickers);
              const controls = controlsIn(r)
                .filter((e) => !pickerSet.has(e) && !e.closest('[' + MARK + '^="slide-"],[' + MARK + '^="copy-"]'))
                .map((e) => ({ e, kind: controlKind(e) })).filter((c) => c.kind);
              const first = (k) => (controls.find((c) => c.kind === k) || {}).e || null;
              // Every change inside the widget is counted, so "at rest" can mean nothing changed.
              found.mutations = 0;
              new MutationObserver((records) => { found.mutations += records.length; })
                .observe(r, { attributes: true, childList: true, subtree: true, characterData: true });
              found.previous = first('previous');
              found.next = first('next');
              found.rotation = first('rotation');
              // A rotation control just outside the widget is still its control: one that names a
              // part of it in aria-controls, else a button right beside it (a sibling) whose name
              // says it pauses or stops a slide show. A stop button placed before the carousel was
              // missed, and its carousel failed 2.2.2 as having no way to stop it. Beside it, "play"
              // and "start" are not enough ("Start free trial"), and a form's submit button never is:
              // the probe presses what it finds.
              if (!found.rotation) {
                const ids = new Set([r, ...r.querySelectorAll('[id]')].map((e) => e.id).filter(Boolean));
                const isButton = (e) => e.matches('button:not([type=submit]),[role=button],input[type=button]') && !(e.form && e.type === 'submit');
                const pointing = [...document.querySelectorAll('[aria-controls]')].find((e) => !r.contains(e) && isButton(e)
                  && controlKind(e) === 'rotation' && (e.getAttribute('aria-controls') || '').split(/\s+/).some((id) => ids.has(id)));
                const stops = (e) => /\b(pause|stop)\b|rotation|slide ?show|autoplay/.test(roughName(e).toLowerCase());
                const beside = r.parentElement ? [...r.parentElement.children]
                  .find((e) => e !== r && isButton(e) && controlKind(e) === 'rotation' && stops(e)) : null;
                found.rotation = pointing || beside || null;
              }
              for (const k of ['previous', 'next', 'rotation']) if (found[k]) found[k].setAttribute(MARK, k);
              if (found.slider) found.slider.setAttribute(MARK, 'slider');
              const others = [];
              if (!selector) {
                for (const kind of order) {
                  const extra = within(document, kind === 'bootstrap' ? '.carousel' : '[aria-roledescription]')
                    .filter((e) => e !== r && !r.contains(e) && !e.contains(r) && (kind !== 'apg' || /carousel/i.test(e.getAttribute('aria-roledescription'))));
                  if (kind === 'apg' || kind === 'bootstrap') extra.forEach((e) => others.includes(e) || others.push(e));
                }
                // The page's other sets of radio-button tabs (Sphinx pages hold dozens); one
                // inside the one audited (tabs in a tab's panel) is part of it.
                if (found.radios) {
                  const every = [];
                  finders.radios(null, every);
                  every.map((t) => t.root).filter((e) => e !== r && !r.contains(e) && !e.contains(r))
                    .forEach((e) => others.includes(e) || others.push(e));
                }
                // CSS carousels too: a scroll container with a ::scroll-marker-group, which no
                // element or attribute marks (a second one went unmentioned).
                if ('scrollMarkerGroup' in document.body.style) {
                  for (const e of within(document, '*')) {
                    if (e === r || r.contains(e) || e.contains(r) || others.includes(e)) continue;
                    const style = getComputedStyle(e);
                    if (style.scrollMarkerGroup && style.scrollMarkerGroup !== 'none' && /auto|scroll|hidden/.test(style.overflowX + style.overflowY)) others.push(e);
                  }
                }
              }
              return {
                how: found.how,
                root: selectorOf(r),
                slides: found.slides.map(selectorOf),
                pickers: found.pickers.map(selectorOf),
                tablist: !!found.tablist,
                links: !!found.links,
                radios: !!found.radios,
                keys: !!found.keys,
                previous: found.previous && selectorOf(found.previous),
                next: found.next && selectorOf(found.next),
                rotation: found.rotation && selectorOf(found.rotation),
                slider: found.slider ? selectorOf(found.slider) : null,
                others: others.map(selectorOf),
                direction: getComputedStyle(r).direction,
                // Arrows the page took out of the Tab order (tiny-slider's take the arrow keys on
                // their group instead, and keep tabindex -1 beside `disabled` at an end); not one
                // turned off at an end by aria-disabled (Swiper's Previous on the first slide:
                // aria-disabled and tabindex -1, then tabindex 0 once it works).
                css: !!found.css,
                outOfTabOrder: ['previous', 'next'].filter((k) => found[k] && found[k].hasAttribute('tabindex') && found[k].tabIndex < 0
                  && !found[k].closest('[aria-disabled=true]')),
              };
            },
            // Whether the widget found is drawn at all: its root, or a slide or picker of it (a
            // root of no size may hold slides placed outside it). One that is not (a carousel in a
            // closed dialog, a collapsed panel) is in the page but nowhere a person meets it, and
            // every reading of it would be of nothing. Where it is not, what would open it: a
            // drawn control outside it whose aria-controls, data-bs-target, data-target, href,
            // commandfor or popovertarget names it or what holds it.
            drawn() {
              if (!found) return { drawn: false };
              const r = found.root;
              if (visible(r) || [...found.slides, ...found.pickers].some(visible)) return { drawn: true };
              const ids = new Set();
              for (let n = r; n && n.nodeType === 1; n = n.parentElement) if (n.id) ids.add(n.id);
              const names = (e) => ['aria-controls', 'data-bs-target', 'data-target', 'href', 'commandfor', 'popovertarget']
                .flatMap((a) => (e.getAttribute(a) || '').split(/\s+/)).map((v) => v.replace(/^#/, ''));
              const opener = within(document, '[aria-controls],[data-bs-target],[data-target],a[href^="#"],[commandfor],[popovertarget]')
                .find((e) => !r.contains(e) && visible(e) && names(e).some((id) => ids.has(id)));
              return { drawn: false, opener: opener ? selectorOf(opener) : null, name: opener ? roughName(opener).slice(0, 60) : null };
            },
            // How many waits for rest ran to their limit in this document.
            unsettled() {
              return unsettledRests;
            },
            // The waits so far were for a carousel not drawn, passed over: none of them counts.
            forgetUnsettled() {
              unsettledRests = 0;
              return true;
            },
            // How many runs of frames the page has begun (a request made outside a frame of its
            // own): a ticker, however it asks, is one.
            frameRuns() {
              return frameRuns;
            },
            // Whether this document's carousel was found: a document the page replaced ours with
            // has the script (it runs before every document's own) and nothing found.
            hasFound() {
              return !!found;
            },
            // The loop's copies beside the slides now (some loops make them anew).
            copies() {
              const holder = found.slides.length ? found.slides[0].parentElement : null;
              return holder ? copiesIn([...holder.children]) : [];
            },
            // The carousel found again after the page drew its parts anew: below the same root
            // while it is still in the page, else where `selector` (the root's as first found)
            // points now.
            findAgain(selector) {
              const root = found && found.root.isConnected ? found.root : null;
              return api.find(root ? null : selector, root);
            },
            // The window the slides are seen through, and its middle. Across: the nearest element
            // around them that clips them (overflow), within the widget. The widget's own middle
            // missed it where the dots lie outside the scroller (a nav of links above a
            // scroll-snap list: the widget is their common ancestor, the whole page wide). Down:
            // the slides' own area, clear of pickers and controls above or below it.
            slideWindow() {
              const rootBox = found.root.getBoundingClientRect();
              let clip = found.root;
              for (let n = found.slides[0].parentElement; n && n !== found.root && found.root.contains(n); n = n.parentElement) {
                if (getComputedStyle(n).overflowX !== 'visible') { clip = n; break; }
              }
              const holder = found.slides[0].parentElement || found.root;
              const box = holder.getBoundingClientRect();
              // Where nothing clips them, the slides' holder across: slides stacked in a 300 px
              // frame, in a widget as wide as the page, lay left of the widget's middle, and the
              // slide shown never changed there.
              const clipBox = clip === found.root && box.width > 0 ? box : clip.getBoundingClientRect();
              const left = Math.max(clipBox.left, rootBox.left, 0);
              const right = Math.min(clipBox.right, rootBox.right, innerWidth);
              const x = right > left ? (left + right) / 2 : (Math.max(rootBox.left, 0) + Math.min(rootBox.right, innerWidth)) / 2;
              const top = box.height > 0 ? Math.max(box.top, rootBox.top) : rootBox.top;
              const bottom = box.height > 0 ? Math.min(box.bottom, rootBox.bottom) : rootBox.bottom;
              const y = (Math.max(top, 0) + Math.min(bottom, innerHeight)) / 2;
              // A row of whole slides needs a window that clips them: without one, every slide
              // laid out beside the shown one would count as in the row.
              // Down too, where the window clips down: a vertical slider's slides all lie
              // within its width, and all four were taken for a row on screen (hidden-pages
              // passed with every slide in the tree).
              const clipsDown = clip !== found.root && getComputedStyle(clip).overflowY !== 'visible';
              const whole = (e) => {
                if (clip === found.root || right <= left) return false;
                const b = e.getBoundingClientRect();
                const down = !clipsDown || (b.top >= clipBox.top - 1 && b.bottom <= clipBox.bottom + 1);
                return b.width > 0 && b.left >= left - 1 && b.right <= right + 1 && down && seen(e);
              };
              return { holder, left, right, x, y, whole, rtl: getComputedStyle(holder).direction === 'rtl' };
            },
            // The slide a sighted person sees: the one on top at the middle of the slides' area.
            shownSlide(window) {
              if (!found.slides.length) return -1;
              const { holder, left, right, x, y, whole, rtl } = window || api.slideWindow();
              // The slide drawn at a point, as the element drawn there (a loop's copy, as Swiper 8
              // rests on one after wrapping, stands for the slide it shows) and its index.
              const slideAt = (px, py) => {
                let covered = false;
                for (const e of document.elementsFromPoint(px, py)) {
                  const i = found.slides.findIndex((s) => s.contains(e));
                  if (i >= 0 && seen(found.slides[i])) return { element: found.slides[i], index: i };
                  if (e.parentElement === holder && seen(e) && copiesIn([...holder.children]).includes(e)) {
                    const original = shownBy(e, found.slides);
                    if (original >= 0) return { element: e, index: original };
                  }
                  // Only the copy on top: Jssor's container holds the slide it faded out too, below.
                  const copy = covered ? null : drawnCopy(e);
                  if (copy && copy.index >= 0) return copy;
                  if (copy) covered = true;
                }
                return null;
              };
              const middle = slideAt(x, y);
              // A row of whole slides in the window (Slick's slidesToShow 3 moving one at a time,
              // a row of products): the current one is the first in reading order, as the carousels
              // that show several count it (Slick's slick-current, Swiper's active slide, Splide,
              // Glide, Owl), not the one at the middle, which was read as current and every
              // step as off by one. Only where that first slide starts where the window starts and
              // the middle one is whole too: a row centred on its current slide (Slick's
              // centerMode) leaves its first and last only partly in the window. A middle slide
              // that itself starts the window (one filling it) needs no second look.
              const startsWindow = (e) => {
                const b = e.getBoundingClientRect();
                return Math.abs(rtl ? b.right - right : b.left - left) <= 1.5;
              };
              if (middle && whole(middle.element) && !startsWindow(middle.element)) {
                const start = slideAt(rtl ? right - 1 : left + 1, y);
                if (start && start.element !== middle.element && whole(start.element) && startsWindow(start.element)) return start.index;
              }
              if (middle) return middle.index;
              // Nothing of a slide at that point: the visible slide nearest the widget's middle.
              let best = -1;
              let distance = Infinity;
              found.slides.forEach((s, i) => {
                if (!seen(s)) return;
                const b = s.getBoundingClientRect();
                const d = Math.abs((b.left + b.right) / 2 - x);
                if (d < distance) { distance = d; best = i; }
              });
              return best;
            },
            // The other slides wholly in the window beside the one shown (a row of several): on
            // screen as much as it is. Its neighbours only, outward until one is not whole, so a
            // carousel of ten thousand slides is not measured whole at every step.
            rowBeside(shown, window) {
              if (shown < 0 || !found.slides[shown]) return [];
              const { whole } = window || api.slideWindow();
              if (!whole(found.slides[shown])) return [];
              const row = [];
              for (let i = shown - 1; i >= 0 && whole(found.slides[i]); i--) row.push(i);
              for (let i = shown + 1; i < found.slides.length && whole(found.slides[i]); i++) row.push(i);
              return row.sort((a, b) => a - b);
            },
            // Watching rotation on a virtual clock: a sampler on the page's own timers records, every
            // quarter of a second of page time, the slide on screen, the slides' live politeness and
            // the widget's own live region (a counter such as lightGallery's "2 / 4"), after ending
            // the animations a virtual clock never advances. One budget of page time then runs the
            // whole watch, instead of a round trip per sample.
            startWatch() {
              api.stopWatch();
              found.watchLog = [];
              // The live region is read where the slide changed and for two samples after (a
              // region may be written once the change has ended), else taken from the sample
              // before: read at every sample, it cost Bootstrap's audit about 40 ms.
              let last = null;
              let fresh = 0;
              found.watchTimer = setInterval(() => {
                finishAll();
                const shown = api.shownSlide();
                if (!last || shown !== last.shown) fresh = 3;
                const status = fresh > 0 ? api.status(shown) : last.status;
                fresh -= 1;
                last = { shown, live: api.live(), status, now: performance.now() };
                found.watchLog.push(last);
              }, 250);
              return true;
            },
            stopWatch() {
              if (found.watchTimer) clearInterval(found.watchTimer);
              found.watchTimer = null;
              const log = found.watchLog || [];
              found.watchLog = [];
              return log;
            },
            // Slides that turn on their own, where no finder found a carousel: every holder of
            // two or more alike children that show something, some of them on screen and some
            // not, the shown ones at least 40 px each way (a ticker's lines are no slides), is
            // watched on a virtual clock as rotation is, a quarter of a second apart, after ending
            // the animations such a clock never advances. `turningStop` names the holder whose
            // slides on screen changed at least twice: once is a page settling (a picture
            // arriving pushes a list's items about), not turning. A log or a feed (a chat whose
            // new messages push the oldest out of view) moves on its own and is no carousel.
            turningStart() {
              api.turningStop();
              const key = shownKey;
              const candidates = slideHolders();
              candidates.forEach((c) => { c.last = key(c); c.changes = 0; });
              turningWatch = {
                candidates,
                timer: candidates.length ? setInterval(() => {
                  finishAll();
                  for (const c of candidates) {
                    const now = key(c);
                    if (now !== c.last && now !== '') { c.changes += 1; c.last = now; }
                  }
                }, 250) : null,
              };
              return candidates.length;
            },
            // The holder of the most slides among those that turned (the first such in the page's
            // order), as a selector, and how often it turned; or null.
            turningStop() {
              if (!turningWatch) return null;
              if (turningWatch.timer) clearInterval(turningWatch.timer);
              const turned = turningWatch.candidates.filter((c) => c.changes >= 2);
              turningWatch = null;
              if (!turned.length) return null;
              const best = turned.reduce((a, c) => (c.kids.length > a.kids.length ? c : a));
              return { holder: selectorOf(best.h), slides: best.kids.length, changes: best.changes };
            },
            // Slides turned by the arrow keys, where no finder found a carousel and nothing turned
            // on its own, in a tab sealed so nothing a key asks for is sent: the holders of a
            // deck's slides (`deckHolders`) are read with focus on nothing (`keysStart`); one key
            // is pressed until a holder shows other slides (at most four presses: a first slide
            // may show its items one press at a time) and `keysMoved` says which; the other key
            // is pressed as often, and `keysStop` names the holder back at its first slides: a
            // page settling moves once, not back. A key that scrolled the page (a wide page, a
            // strip the browser scrolls) found nothing. `keysRest` waits between presses.
            keysStart() {
              window.open = () => null;
              if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
              const candidates = deckHolders();
              const first = (c) => c.kids.findIndex((k) => onScreen(k, c.kids));
              candidates.forEach((c) => { c.first = shownKey(c); c.firstIndex = first(c); });
              keysWatch = { candidates, x: window.scrollX, y: window.scrollY, first };
              return candidates.length;
            },
            // Until no animation runs in a candidate holder and no holder's shown slides changed
            // for 200 ms, at most `limit` milliseconds (a deck's transition, sped up as the
            // audit's are; a spinner elsewhere on the page is not waited for).
            keysRest(limit) {
              const started = performance.now();
              let last = null;
              let quietSince = started;
              const holders = keysWatch ? keysWatch.candidates.map((c) => c.h) : [];
              return new Promise((resolve) => {
                const check = () => {
                  const now = keysWatch ? keysWatch.candidates.map(shownKey).join(';') : '';
                  const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target
                    && holders.some((h) => h.contains(a.effect.target)));
                  if (running || now !== last) quietSince = performance.now();
                  last = now;
                  if (performance.now() - quietSince >= 200 || performance.now() - started > limit) { resolve(true); return; }
                  realRequestFrame.call(window, check);
                };
                realRequestFrame.call(window, check);
              });
            },
            // After the first key: how many holders show other slides than at the start (none
            // where the page scrolled); each keeps whether its slides went forward.
            keysMoved() {
              if (!keysWatch) return 0;
              if (window.scrollX !== keysWatch.x || window.scrollY !== keysWatch.y) return 0;
              return keysWatch.candidates.filter((c) => {
                const now = shownKey(c);
                if (now === '' || now === c.first) return false;
                const index = keysWatch.first(c);
                // From the last slide to the first is forward (a deck that wraps), from the first
                // to the last back; else the way the index went.
                const last = c.kids.length - 1;
                c.forward = c.firstIndex === last && index === 0 ? true : c.firstIndex === 0 && index === last ? false : index >= c.firstIndex;
                return true;
              }).length;
            },
            // After the other key: the holder of the most slides among those that moved and are
            // back at their first slides, as a selector, and whether the first key went forward;
            // or null.
            keysStop() {
              if (!keysWatch) return null;
              const back = keysWatch.candidates.filter((c) => c.forward !== undefined && shownKey(c) === c.first);
              keysWatch = null;
              if (!back.length) return null;
              const best = back.reduce((a, c) => (c.kids.length > a.kids.length ? c : a));
              return { holder: selectorOf(best.h), slides: best.kids.length, forward: best.forward };
            },
            // Animation frames from the page's (virtual) clock; see `framesByClock`.
            framesFromClock() {
              if (!framesByClock) stopEndsSent();
              framesByClock = true;
              return true;
            },
            // Every animation ended where it would end (on a virtual clock they never advance),
            // and there, their end events sent (`finishAll`).
            finishAnimations() {
              finishAll();
              return true;
            },
            // How much faster short timers run (see `timerScale`); 1 puts them back.
            timers(scale) {
              timerScale = scale;
              if (scale > 1) shortenPending();
              // A smooth scroll (scroll-behavior: smooth: a CSS carousel's, a strip's) is no
              // animation the playback rate speeds up: while the widget is stepped through, it
              // and what it holds scroll at once (the same place, sooner); the motion is measured
              // with the page's own setting. A script's behavior: 'smooth' stays smooth, and the
              // wait for rest waits for it.
              const instant = document.getElementById('pagervoice-instant');
              if (scale > 1 && found && !instant) {
                const style = document.createElement('style');
                style.id = 'pagervoice-instant';
                style.textContent = '[' + MARK + '="root"],[' + MARK + '="root"] *{scroll-behavior:auto !important}';
                document.head.appendChild(style);
              } else if (scale <= 1 && instant) {
                instant.remove();
              }
              return true;
            },
            // The widget's state once it is at rest: no animation runs in it, a slide is on screen,
            // and neither which one nor anything in its markup changed from one animation frame to
            // the next; while the page's script is asking for frames (animating by script), the
            // two frames must be two milliseconds apart at least: frames come far faster than a
            // millisecond apart while a page draws, and jQuery's animate, timed by Date.now() in
            // whole milliseconds, moves nothing between two frames of one millisecond (read then,
            // SlidesJS was still moving and ignored the next click); while it runs a short
            // interval (jQuery 1.x's 13 ms ticker), longer than that interval. At most `limit` milliseconds
            // (then the state as it is, marked unsettled). (Waiting so for every page cost each
            // step an idle frame, 16 ms: a cold audit of Bootstrap's went from 1.45 to 1.7 s.)
            // Where the slides are counts too once the page's script asks for frames: a slide
            // scrolled by script (Glider.js) stays on screen, unchanged, for the first half of
            // its way to the next. A run of frames the page began with the action (asked from a
            // click, a key or a timer, not from a frame of its own) is the action's animation:
            // rest is its end, or 500 ms without a change. Glider's eased scroll stands a pixel short of its end for frames
            // on end before its last frame puts it there (a Next pressed meanwhile on the last
            // slide did not wrap round), and its loop runs on for 300 ms after a Next on the last
            // slide moved nothing, before it puts its count back (a Previous pressed meanwhile
            // "did nothing"). A run older than the settle by 250 ms is the page's own ticker
            // (GSAP's): then 34 ms without a change, two frames at 60 a second (an eased start
            // moves nothing in its first frame). A page asking a frame at a time from a timer
            // begins a run each time: its rests take up to 500 ms each (an awaited loop asks from
            // its frames' promise callbacks, which count as its frames: see `endPageFrame`).
            // A chain of short timers the page keeps running (see `shortenedPending`) is waited
            // for the same way: 500 ms without a change, 34 ms once it is older than the settle by
            // 250 ms.
            settled(limit) {
              const started = performance.now();
              let last = null;
              let quietSince = started;
              const ticker = frameRunSince < started - 250;
              // Read from the first frame the page asks for on, so the key does not change
              // its shape as requests come and go.
              let places = pageFrames.size > 0;
              return new Promise((resolve) => {
                const check = () => {
                  const now = api.state();
                  // Where the slides are, only while the page asks for frames: CSS motion is
                  // `animating`, and reading places every frame cost a page without script
                  // motion (the APG's) a frame at many steps.
                  const timers = shortenedPending();
                  if (pageFrames.size || timers.since < Infinity) places = true;
                  // Where the widget and its slides' holder are scrolled: a smooth scroll (a CSS
                  // carousel's, scroll-behavior: smooth) runs on no animation and no page frame.
                  const holder = found.slides.length ? found.slides[0].parentElement : null;
                  const scrolled = [found.root, holder].map((e) => (e ? Math.round(e.scrollLeft) + ',' + Math.round(e.scrollTop) : '')).join(';');
                  const key = now.shown + ':' + now.mutations + ':' + scrolled + (places ? ':' + slidePlaces() : '');
                  // No slide shown is a slide on its way (a crossfade's gap); a widget whose slides
                  // were not found (a tablist that names no panels) has none to wait for, and every
                  // wait on UIkit's tablists ran to its limit.
                  const shown = now.shown !== -1 || !found.slides.length;
                  const still = now.animating === 0 && !timers.once && shown && key === last && !widgetScrolling();
                  if (!still) quietSince = performance.now();
                  last = key;
                  // Two of the page's short ticks and a little: on a busy machine one tick of
                  // jQuery's 13 ms interval came late, and SlidesJS was read mid-slide (once in a
                  // run of the web tests; its next press was then ignored).
                  const period = shortIntervals.size ? 2 * Math.min(...shortIntervals.values()) + 2 : 0;
                  // A CSS carousel's smooth scroll begins a frame or two after the press, with
                  // nothing changed before: it is given 100 ms to begin (none while it scrolls
                  // at once, see timers).
                  const smooth = found.css && !document.getElementById('pagervoice-instant');
                  const chain = timers.since < Infinity ? (timers.since < started - 250 ? 34 : 500) : 0;
                  const quiet = Math.max(period, pageFrames.size ? (ticker ? 34 : 500) : 0, smooth ? 100 : 0, chain);
                  if (still && performance.now() - quietSince >= quiet) { resolve(now); return; }
                  if (performance.now() - started > limit) { now.unsettled = true; unsettledRests += 1; resolve(now); return; }
                  realRequestFrame.call(window, check);
                };
                realRequestFrame.call(window, check);
              });
            },
            // Motion a script draws frame by frame (requestAnimationFrame physics, as Flickity's),
            // which document.getAnimations() does not list: the slides' places, sizes, clips and
            // opacity, read each frame until they have not changed for 50 ms (at most `limit` ms), the page
            // given frames 60 a second meanwhile (`frameGap`). A jump is one step; motion passes
            // through shapes in between, and lasts until the last of them. Which of the four
            // changed comes with it (`kinds`: those that changed in two steps or more, else any that
            // changed). Stops at once, reporting css, if a CSS animation starts in the widget
            // after all (those are measured as such). `smoothScroll`: the widget scrolled while
            // the page asked for no frame and ran no short interval, so the browser moved it (a
            // smooth scroll), not the page's script.
            framesMoving(limit) {
              const started = performance.now();
              const requestsAtStart = pageFrameRequests;
              frameGap = 1000 / 60;
              const kinds = ['position', 'size', 'clip', 'opacity'];
              const changes = { position: 0, size: 0, clip: 0, opacity: 0 };
              const named = () => {
                const many = kinds.filter((k) => changes[k] >= 2);
                return many.length ? many : kinds.filter((k) => changes[k] > 0);
              };
              const done = (result) => {
                frameGap = 0;
                result.kinds = named();
                result.smoothScroll = widgetScroll.seen >= started && pageFrameRequests === requestsAtStart && shortIntervals.size === 0;
                return result;
              };
              let shape = slideShapes();
              const place = () => {
                const now = slideShapes();
                for (const k of kinds) if (now[k] !== shape[k]) changes[k] += 1;
                shape = now;
                return [now.position, now.size, now.clip, now.opacity].join('|');
              };
              let last = place();
              let changedAt = started;
              let steps = 0;
              let requests = pageFrameRequests;
              const next = (frame) => { ownRequest = true; try { requestAnimationFrame(frame); } finally { ownRequest = false; } };
              return new Promise((resolve) => {
                const frame = () => {
                  const now = performance.now();
                  if (runningIn(found.root).length) {
                    resolve(done({ css: true, milliseconds: 0 }));
                    return;
                  }
                  const here = place();
                  if (here !== last) { last = here; changedAt = now; steps += 1; }
                  // While the page still asks for frames, a pause may be its motion's eased tail
                  // (Glider.js stands a pixel short for frames on end): 250 ms then.
                  const asking = pageFrameRequests !== requests;
                  requests = pageFrameRequests;
                  // Before anything has moved, a widget that shows no slide is between two: its
                  // change has not begun to draw. Bootstrap 5's tabs show the new pane at
                  // opacity 0 and fade it in only after a timer of the fade's length (155 ms);
                  // 50 ms of stillness from the click was taken for the end, and the fade was
                  // never seen ("does not animate at all").
                  // (Asked only once still long enough: finding the slide shown reads the page.)
                  const still = now - changedAt >= (asking ? 250 : 50);
                  if ((still && !(steps === 0 && found.slides.length && api.shownSlide() < 0)) || now - started > limit) {
                    resolve(done({ css: false, milliseconds: steps >= 2 ? changedAt - started : 0 }));
                    return;
                  }
                  next(frame);
                };
                next(frame);
              });
            },
            // What a watch of rotation needs, cheaply: the slide on screen, the live region, the time.
            glance() {
              return { shown: api.shownSlide(), live: api.live(), now: performance.now() };
            },
            // Where keyboard focus is, as a part of the widget.
            // No element focused (the body has focus, as when Tab has gone past the page's last
            // element) is 'none' even where the widget found is the body itself: taken for a
            // part of it, the Tab walk went on round the page and met the first dot "twice".
            focused() {
              // Where the element with focus points at another in the widget with
              // aria-activedescendant (a tablist holding focus itself), that one.
              const read = readFocus();
              const active = read && found.root.contains(read) ? read : document.activeElement;
              if (!active || active === document.body || active === document.documentElement) return { focus: 'none', focusInSlide: -1 };
              const marked = active.closest ? active.closest('[' + MARK + ']') : null;
              const focus = marked ? marked.getAttribute(MARK) : (found.root.contains(active) ? 'inside' : 'outside');
              const focusInSlide = found.slides.findIndex((s) => s.contains(active));
              // An element of the widget that is none of its parts and in no slide (a "See all"
              // link, lightGallery's Close): which one, so two such links are two stops and not
              // the carousel reached twice, and what it is called, for the path.
              if ((focus === 'root' || focus === 'inside') && active !== found.root && focusInSlide < 0) {
                if (!stopKeys.has(active)) stopKeys.set(active, stopKeys.size + 1);
                return { focus, focusInSlide, stop: { key: stopKeys.get(active), name: roughName(active).slice(0, 200) } };
              }
              return { focus, focusInSlide };
            },
            live() {
              for (let n = found.slides[0] ? found.slides[0].parentElement : found.root; n; n = n.parentElement) {
                if (n.hasAttribute('aria-live')) return n.getAttribute('aria-live');
                if (n === found.root) break;
              }
              return null;
            },
            // A live region of the widget's own beside the slides, which says what changed in
            // words of its own (tiny-slider's hidden "slide 2 of 3"): its politeness and its text
            // (clipped), or null. Where the slides are a live region themselves, that is theirs.
            // Of several, the one that says a position among as many as there are slides
            // ("2 of 3") comes first, then one that says no position at all: "3 of 10 items in
            // cart" is not the carousel's. One not drawn (display: none, `hidden`) announces
            // nothing, and words under aria-hidden are not said; a log says what was added last.
            //
            // With none inside the widget, a region elsewhere on the page (a site's one
            // announcer) counts where its words name the slide on screen: "slide 2 of 3" of as
            // many as there are slides, or the slide's own name (its label, its heading, or all
            // its words where they are few). A page's clock or cart names no slide, so it is not
            // taken for the carousel's. Its selector comes with it ("outside"). `known` is the
            // slide on screen where the caller has just read it (a sample of the rotation watch
            // read it twice).
            status(known) {
              const liveRegions = '[aria-live],[role=status],[role=alert],[role=log]';
              const heard = (e) => !e.closest('[aria-hidden=true]') && e.checkVisibility({ visibilityProperty: true });
              const said = (region) => {
                const role = region.getAttribute('role');
                const last = role === 'log' ? region.lastElementChild : null;
                return spoken(last || region).slice(0, 2000);
              };
              const politeness = (region) => {
                const role = region.getAttribute('role');
                return region.getAttribute('aria-live') || (role === 'alert' ? 'assertive' : 'polite');
              };
              const regions = within(found.root, liveRegions)
                .filter((e) => !found.slides.some((s) => e.contains(s) || s.contains(e)) && heard(e));
              const position = /(\d+)\s*(?:of|\/)\s*(\d+)/i;
              const count = found.slides.length;
              const says = (e) => { const m = spoken(e).match(position); return m ? Number(m[2]) : 0; };
              const region = regions.find((e) => says(e) === count) || regions.find((e) => !says(e)) || regions[0];
              if (region) return { live: politeness(region), text: said(region) };
              const shown = known === undefined ? api.shownSlide() : known;
              if (shown < 0 || !found.slides[shown]) return null;
              const slide = found.slides[shown];
              const heading = slide.querySelector('h1,h2,h3,h4,h5,h6');
              const all = text(slide);
              const name = (slide.getAttribute('aria-label') || '').trim()
                || (slide.getAttribute('aria-labelledby') ? roughName(slide) : '')
                || (heading ? text(heading) : '') || (all.length <= 80 ? all : '');
              const namesShown = (words) => {
                const m = words.match(position);
                if (m && Number(m[1]) === shown + 1 && Number(m[2]) === count) return true;
                return name.length >= 3 && words.toLowerCase().includes(name.toLowerCase());
              };
              const elsewhere = [...document.querySelectorAll(liveRegions)]
                .find((e) => !found.root.contains(e) && !e.contains(found.root) && heard(e) && namesShown(said(e)));
              return elsewhere ? { live: politeness(elsewhere), text: said(elsewhere), outside: selectorOf(elsewhere) } : null;
            },
            state() {
              const duration = (a) => Number(a.effect.getComputedTiming().duration) || 0;
              const markedPart = (e) => (e && e.closest ? e.closest('[' + MARK + ']') : null);
              // The part an element belongs to ("picker-1"); null for the widget itself.
              const markOf = (e) => {
                const part = markedPart(e);
                return part && part !== found.root ? part.getAttribute(MARK) : null;
              };
              const live = api.live();
              const running = runningIn(found.root);
              const window = found.slides.length ? api.slideWindow() : null;
              const shown = api.shownSlide(window);
              const rowBeside = api.rowBeside(shown, window);
              // A copy wholly in the window beside a whole slide shown is in the row on screen.
              const inRow = window && shown >= 0 && window.whole(found.slides[shown]) ? window.whole : () => false;
              return {
                shown,
                // The pickers marked as current, by index: a list of every picker's states would be as
                // long as a carousel of ten thousand slides.
                // A radio's state is its `checked`, which a screen reader says ("checked").
                selected: indices(found.pickers, (e) => (found.radios ? e.checked : e.getAttribute('aria-selected') === 'true')),
                current: indices(found.pickers, (e) => { const v = e.getAttribute('aria-current'); return v !== null && v !== 'false'; }),
                pressed: indices(found.pickers, (e) => e.getAttribute('aria-pressed') === 'true'),
                // Selected pickers taken out of the Tab order (tabindex="-1"): a tablist whose
                // focus roves must leave the selected tab in it, so Tab into the tabs lands there.
                // Not where the tablist holds focus itself and points at the tab
                // (aria-activedescendant): Tab lands on the list, which a screen reader reads as
                // that tab.
                selectedUntabbable: found.css ? [] : indices(found.pickers, (e) => e.getAttribute('aria-selected') === 'true' && e.hasAttribute('tabindex') && e.tabIndex < 0 && !focusHolder(e)),
                controls: Object.fromEntries(['previous', 'next', 'rotation'].filter((k) => found[k]).map((k) => [k, {
                  disabled: found[k].hasAttribute('disabled') || found[k].getAttribute('aria-disabled') === 'true',
                  visible: visible(found[k]),
                }])),
                slider: found.slider ? { now: found.slider.getAttribute('aria-valuenow'), text: found.slider.getAttribute('aria-valuetext'), max: found.slider.getAttribute('aria-valuemax') } : null,
                live,
                status: api.status(shown),
                ...api.focused(),
                animating: running.length,
                longestAnimation: Math.max(0, ...running.map(duration)),
                // The part the longest runs on ("picker-1": Splide's current dot grows for 200 ms
                // under reduced motion, while its slides move at once); null inside the widget.
                longestOn: running.length ? markOf(running.reduce((a, b) => (duration(b) > duration(a) ? b : a)).effect.target) : null,
                animated: [...new Set(running.map((a) => animatedProperties(a).join(',') || 'animation'))],
                mutations: found.mutations,
                // A copy in the row on screen (Slick showing 6 and copies of 1 and 2) is read
                // once, as it is seen, not again.
                copiesExposed: api.copies().filter((c) => exposedToScreenReaders(c) && !inRow(c)).length,
                rowBeside,
                now: performance.now(),
              };
            },
            // Whether a part found is no longer in the document: drawn anew by the carousel.
            detached() {
              return [found.root, ...found.slides, ...found.pickers, found.previous, found.next, found.rotation].some((e) => e && !e.isConnected);
            },
            boxes() {
              const of = (e) => (e ? box(e) : null);
              return {
                root: of(found.root),
                slides: found.slides.map(of),
                pickers: found.pickers.map((e) => of(face(e))),
                previous: of(found.previous), next: of(found.next), rotation: of(found.rotation),
                viewport: { width: innerWidth, height: innerHeight, scrollWidth: document.documentElement.scrollWidth },
              };
            },
            // The row around the pickers that scrolls sideways in its own box, nearest them and
            // within the widget (a tab row with overflow: auto, as MkDocs' Material theme draws
            // it; not a page's content column that scrolls for a wide table), its box, and whether
            // the page's CSS hides its scroll bar (`scrollbar-width: none`, a ::-webkit-scrollbar
            // not displayed or of no height). From the CSS, not the layout: the audit's browser
            // draws no scroll bars at all (--hide-scrollbars), and a phone's appear only while
            // one scrolls. Null where none scrolls.
            sidewaysRow() {
              const faces = found.pickers.map(face).filter(Boolean);
              if (faces.length < 2) return null;
              const top = found.root.parentElement;
              for (let n = lowestCommonAncestor(faces[0], faces[faces.length - 1]); n && n !== top && n !== document.body; n = n.parentElement) {
                const style = getComputedStyle(n);
                if (!['auto', 'scroll'].includes(style.overflowX) || n.scrollWidth <= n.clientWidth + 1) continue;
                const bar = getComputedStyle(n, '::-webkit-scrollbar');
                const hidden = style.scrollbarWidth === 'none' || bar.display === 'none' || bar.height === '0px';
                return { selector: selectorOf(n), box: box(n), scrollBarHidden: hidden };
              }
              return null;
            },
            // Dots and controls with another element on top at their middle, where a click or a
            // tap lands (elementFromPoint skips what has pointer-events: none, as a click does).
            // Each is scrolled to the middle of the window first, at once, as a person scrolls to
            // it; the page's scroll is put back afterwards.
            // `pseudo`: a CSS carousel's parts, which are pseudo-elements ({mark, x, y, width,
            // height} in the document, from DevTools): a click on one lands on the element it
            // belongs to (a ::scroll-marker's slide, a ::scroll-button's scroller), so that
            // element, or one it holds, is the part itself.
            covered(pseudo) {
              const out = [];
              const startX = scrollX;
              const startY = scrollY;
              const parts = [...found.pickers.map((e, i) => ['picker-' + i, face(e)]), ['previous', found.previous], ['next', found.next], ['rotation', found.rotation]];
              for (const p of pseudo || []) {
                if (!(p.width > 0 && p.height > 0)) continue;
                const owner = p.mark.startsWith('picker-') ? found.slides[+p.mark.slice(7)] : found.root;
                if (owner) parts.push([p.mark, owner, p]);
              }
              for (const [mark, e, box] of parts) {
                // A control turned off here that lets clicks through is no target now (Swiper's
                // Previous on the first slide: disabled, pointer-events none). One disabled that
                // still takes clicks is judged: it is enabled on another slide, where it is the same.
                if (!e || (!box && !visible(e))) continue;
                const off = e.matches(':disabled') || e.closest('[aria-disabled=true]');
                if (!box && off && getComputedStyle(e).pointerEvents === 'none') continue;
                const at = () => {
                  if (box) return { left: box.x - scrollX, top: box.y - scrollY, width: box.width, height: box.height };
                  return e.getBoundingClientRect();
                };
                const before = at();
                scrollTo({ left: Math.max(0, before.left + scrollX + before.width / 2 - innerWidth / 2), top: Math.max(0, before.top + scrollY + before.height / 2 - innerHeight / 2), behavior: 'instant' });
                const r = at();
                const x = r.left + r.width / 2;
                const y = r.top + r.height / 2;
                if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
                const top = document.elementFromPoint(x, y);
                if (!top || e.contains(top) || top.contains(e)) continue;
                // A label under its own radio button: a click there checks the same one.
                const own = mark.startsWith('picker-') ? found.pickers[+mark.slice(7)] : null;
                if (own && own !== e && (own === top || own.contains(top))) continue;
                const owner = top.closest('[' + MARK + ']');
                const byMark = owner && owner !== found.root && !/^(slide|copy)-/.test(owner.getAttribute(MARK)) ? owner.getAttribute(MARK) : null;
                out.push({ mark, byMark, selector: selectorOf(top), name: roughName(top).slice(0, 80) });
                if (out.length >= 20) break;
              }
              scrollTo({ left: startX, top: startY, behavior: 'instant' });
              return out;
            },
            // Focusable things inside slides that are not shown: Tab would reach them unseen.
            hiddenFocusables(shown) {
              const out = [];
              found.slides.forEach((s, i) => {
                if (i === shown) return;
                for (const e of [s, ...within(s, 'a[href],button,input,select,textarea,[tabindex],iframe,[contenteditable]')]) {
                  if (focusable(e) && visible(e) && !e.closest('[aria-hidden=true]')) out.push({ slide: i, selector: selectorOf(e) });
                }
              });
              return out.slice(0, 20);
            },
            // Hides (or shows again) the pickers for the screenshot of what lies behind them, at
            // once: a page that fades every property of its dots (Glide's "transition: all")
            // keeps them drawn for the fade, visibility too, and the picture taken next would
            // show them.
            hidePickers(hide) {
              let style = document.getElementById('pagervoice-hide');
              if (hide && !style) {
                style = document.createElement('style');
                style.id = 'pagervoice-hide';
                style.textContent =
                  '[' + MARK + '^="picker-"],[' + MARK + '-face],[' + MARK + '^="slide-"]::scroll-marker{visibility:hidden !important;transition:none !important}';
                document.head.appendChild(style);
              } else if (!hide && style) {
                style.remove();
              }
              return true;
            },
            // Whether a part is a control the keyboard activates natively (Enter on a button or a
            // link); a role="button" div may answer clicks alone.
            native(mark) {
              const e = document.querySelector('[' + MARK + '="' + mark + '"]');
              return !!e && e.matches('button,input[type=button],input[type=submit],a[href],summary');
            },
            // Whether a part can be pressed from the keyboard now (see CarouselProbe.Reach).
            // Disabled: the `disabled` attribute, aria-disabled on it or around it (Swiper's
            // arrows at an end: aria-disabled and tabindex -1), or not drawn at all (a carousel
            // that hides Previous on its first slide): none can be pressed, so none is.
            reach(mark) {
              const e = document.querySelector('[' + MARK + '="' + mark + '"]');
              if (!e) return 'unreachable';
              const ariaDisabled = !!e.closest('[aria-disabled=true]');
              if (focusable(e) && visible(e) && !ariaDisabled) return 'pressable';
              return e.matches(':disabled') || ariaDisabled || !visible(e) ? 'disabled' : 'unreachable';
            },
            // What the accessibility tree leaves out of the element a screen reader reads as
            // focused (`readFocus`): aria-current and aria-valuetext.
            focusAttributes() {
              const e = readFocus();
              return e && e.getAttribute ? { current: e.getAttribute('aria-current'), valuetext: e.getAttribute('aria-valuetext') } : {};
            },
            // A part an ancestor points at with aria-activedescendant is reached by focusing
            // that ancestor, as Tab does (a tablist holding focus itself): keys go to it there.
            focus(mark) {
              const e = document.querySelector('[' + MARK + '="' + mark + '"]');
              if (!e) return false;
              const target = focusHolder(e) || e;
              target.focus({ preventScroll: true });
              return document.activeElement === target;
            },
            // Puts the start of sequential focus navigation just before the widget (before the first
            // of its parts in document order, for a part placed before its root): the next Tab goes
            // to what a person tabbing through the page meets first of it. From the top of the page,
            // a navigation header of a hundred links used up the walk before the widget was reached.
            // Out of the layout, so nothing moves while it is there.
            focusStart() {
              const start = document.createElement('span');
              start.tabIndex = -1;
              start.id = 'pagervoice-start';
              start.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden';
              let first = found.root;
              for (const e of document.querySelectorAll('[' + MARK + ']')) {
                if (e.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) first = e;
              }
              if (first.parentNode) first.parentNode.insertBefore(start, first);
              else document.body.insertBefore(start, document.body.firstChild);
              start.focus({ preventScroll: true });
              return true;
            },
            removeStart() {
              const start = document.getElementById('pagervoice-start');
              if (start) start.remove();
              return true;
            },
            blur() {
              if (document.activeElement) document.activeElement.blur();
              return true;
            },
            // Once no scroll of the page around the widget, or in it, is due or running (see
            // pageScrolling), or after `limit` ms (a wait that ran to its limit, counted as
            // `settled`'s are); at once, no frame waited for, when none is.
            scrollRest(limit) {
              if (!pageScrolling() && !widgetScrolling()) return true;
              const started = performance.now();
              return new Promise((resolve) => {
                const check = () => {
                  if (!pageScrolling() && !widgetScrolling()) { resolve(true); return; }
                  if (performance.now() - started > limit) { unsettledRests += 1; resolve(false); return; }
                  realRequestFrame.call(window, check);
                };
                realRequestFrame.call(window, check);
              });
            },
            // Whether any animation or transition runs in the document now (a focus style fading in).
            animating() {
              return document.getAnimations().some((a) => a.playState === 'running');
            },
            // Clicks a part from the page's own script: for tabs on a virtual clock, where input
            // events would wait for frames that never come.
            activate(mark) {
              const e = document.querySelector('[' + MARK + '="' + mark + '"]');
              if (!e) return false;
              e.click();
              return true;
            },
            // `--click`: the one element `selector` names, brought on screen, and where a person
            // would click it; or why it cannot be clicked (none or several match, it is not
            // drawn, something else lies over its middle: a cookie banner to click away first).
            clickTarget(selector) {
              let all;
              try { all = [...document.querySelectorAll(selector)]; } catch (error) { return { error: 'selector', message: String(error && error.message || error) }; }
              if (all.length !== 1) return { count: all.length, first: all.length ? selectorOf(all[0]) : null };
              const e = all[0];
              let r = e.getBoundingClientRect();
              if (!visible(e) || r.width < 1 || r.height < 1) return { hidden: true };
              if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) {
                e.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
                r = e.getBoundingClientRect();
              }
              const x = r.left + r.width / 2;
              const y = r.top + r.height / 2;
              const hit = document.elementFromPoint(x, y);
              if (!hit) return { hidden: true };
              if (hit !== e && !e.contains(hit)) return { coveredBy: selectorOf(hit) };
              // A thumbnail link is named by its picture's alt text.
              const pictures = [...e.querySelectorAll('img[alt]')].map((i) => i.alt.trim()).join(' ');
              return { x, y, name: (roughName(e) || pictures).slice(0, 80) };
            },
            // After a click of `--click`: until nothing in the document has changed and no
            // animation that ends has run for 200 ms (a dialog fading in, a gallery's picture
            // arriving), at most `limit` milliseconds. A spinner's endless animation is not
            // waited for.
            quiet(limit) {
              const started = performance.now();
              let changed = started;
              const observer = new MutationObserver(() => { changed = performance.now(); });
              observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
              return new Promise((resolve) => {
                const check = () => {
                  const now = performance.now();
                  const running = document.getAnimations().some((a) => a.playState === 'running' && a.effect
                    && a.effect.getComputedTiming().endTime !== Infinity);
                  if (running) changed = now;
                  if (now - changed >= 200 || now - started > limit) { observer.disconnect(); resolve(now - started <= limit); return; }
                  realRequestFrame.call(window, check);
                };
                realRequestFrame.call(window, check);
              });
            },
            // Where a person clicks a part: its middle. A part not drawn is clicked nowhere: its
            // box is nothing at 0, 0, and a click there went to whatever lies in the page's corner
            // (blueimp's lightbox, its dots hidden by Enter, took it on its backdrop and closed).
            // One out of the window is scrolled to first, as a person scrolls to what they
            // click: after the Tab walk left a long page at its end, the APG carousel's Next was
            // clicked 2,485 px above the window, where nothing is, and "no change" was measured
            // as a change that does not animate.
            click(mark) {
              const e = face(document.querySelector('[' + MARK + '="' + mark + '"]'));
              if (!e || !visible(e)) return null;
              const out = e.getBoundingClientRect();
              if (out.bottom <= 0 || out.top >= innerHeight || out.right <= 0 || out.left >= innerWidth) {
                window.scrollTo({
                  left: scrollX + out.left + out.width / 2 - innerWidth / 2,
                  top: scrollY + out.top + out.height / 2 - innerHeight / 2,
                  behavior: 'instant',
                });
              }
              const r = e.getBoundingClientRect();
              return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
            },
          };
          // Not writable: a page's own `__pagervoice` (a global of that name) cannot replace the
          // probe it is audited with.
          Object.defineProperty(window, '__pagervoice', { value: api, writable: false, configurable: false, enumerable: false });
          return true;
        })()
        """#
}
