// Kaisen play page: a game against agents (mode "play") or a record replayed (mode "view").
// Everything it shows comes from its own server (kaisen.play.server); nothing from elsewhere.
"use strict";
(function () {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || "";
  const fast = params.get("fast") === "1";   // no animation (tests, impatient people)
  const STEP_MS = fast ? 0 : 400;
  const $ = (id) => document.getElementById(id);

  let tab = sessionStorage.getItem("kaisen-tab");
  if (!tab) {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    tab = Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("kaisen-tab", tab);
  }

  let stopped = false;
  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  function setPhase(p) { document.body.dataset.phase = p; }
  function banner(message, kind) {
    const b = $("banner");
    b.textContent = message;
    b.className = "banner" + (kind ? " " + kind : "");
    b.hidden = !message;
  }
  function serverStopped() {
    stopped = true;
    banner("The server has stopped (or does not answer): this page can no longer play. " +
      "Start it again with ./kaisen play (or ./kaisen view).");
    setPhase("stopped");
    $("status").textContent = "server stopped";
    document.querySelectorAll("button, input, select").forEach((e) => { e.disabled = true; });
  }

  function movedAway(message) {
    stopped = true;
    banner(message);
    setPhase("moved");
    $("status").textContent = "playing in another tab";
    $("turn").textContent = "";
    $("actions").textContent = "";
    document.querySelectorAll("button, input, select").forEach((e) => { e.disabled = true; });
  }

  async function api(path, body) {
    if (stopped) throw new ApiError(0, "the server has stopped");
    const opts = { cache: "no-store", headers: { "X-Kaisen-Token": token, "X-Kaisen-Tab": tab } };
    if (body !== undefined) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let r;
    // a request that gets no answer is tried again a few times, waiting longer each time, before the
    // server counts as stopped; an action (POST) is not sent twice: its caller asks for the state
    // again, which retries
    const idempotent = body === undefined || path === "/api/claim";
    const waits = idempotent ? [250, 500, 1000, 2000] : [];
    for (let attempt = 0; ; attempt++) {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), 60000);
      opts.signal = abort.signal;
      try {
        r = await fetch(path, opts);
        break;
      } catch (e) {
        if (attempt < waits.length) {
          await sleep(waits[attempt]);
          continue;
        }
        if (idempotent) {
          serverStopped();
          throw new ApiError(0, "the server has stopped");
        }
        throw new ApiError(0, "the server did not answer; checking whether it still runs");
      } finally {
        clearTimeout(timer);
      }
    }
    let data;
    try { data = await r.json(); } catch (e) { data = { error: "the server's reply was not JSON (" + r.status + ")" }; }
    if (!r.ok) {
      if (data.code === "moved") movedAway(data.error);
      throw new ApiError(r.status, data.error || ("error " + r.status));
    }
    return data;
  }

  const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
  function logLine(text, cls) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    $("log").appendChild(li);
    $("log").scrollTop = $("log").scrollHeight;
  }
  function showResult(el, res, players) {
    el.hidden = false;
    el.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "Game over (" + res.endReason + ")";
    el.appendChild(h);
    const t = document.createElement("table");
    t.id = el.id + "-table";
    const head = t.insertRow();
    ["player", res.scoreName, res.tiebreakName].forEach((x) => {
      const th = document.createElement("th"); th.textContent = x; head.appendChild(th);
    });
    res.scores.forEach((s, i) => {
      const row = t.insertRow();
      const who = players && players[i] && players[i].who ? " (" + players[i].who + ")" : "";
      [i + who, s, res.tiebreaks[i]].forEach((x) => { row.insertCell().textContent = x; });
      if (res.winners.includes(i)) row.className = "winner";
    });
    el.appendChild(t);
    const w = document.createElement("p");
    w.className = "winners";
    w.textContent = "Winner" + (res.winners.length > 1 ? "s" : "") + ": " + res.winners.map((i) => "player " + i).join(", ");
    el.appendChild(w);
    return el;
  }

  // ---- playing ----
  let info = null;
  let seen = 0;
  let skip = false;
  let busy = false;

  async function play() {
    $("play-panel").hidden = false;
    $("skip").onclick = () => { skip = true; };
    const first = await api("/api/state?since=0&boards=0");
    first.steps.forEach((s) => logLine(s.log, s.player === info.seat ? "mine" : ""));
    seen = first.next;
    await show(first, false);
  }

  async function refresh() {
    if (stopped) return;
    try {
      await show(await api("/api/state?since=" + seen), true);
    } catch (e) {
      if (!stopped) { banner(e.message); setTimeout(refresh, 1000); }
    }
  }

  async function show(data, animate) {
    const steps = animate ? data.steps : [];
    seen = Math.max(seen, data.next);
    if (steps.length) {
      setPhase("animating");
      skip = false;
      $("skip").hidden = fast;
      $("actions").textContent = "";
      for (const s of steps) {
        logLine(s.log, s.player === info.seat ? "mine" : "");
        if (!skip && STEP_MS > 0) {
          $("board").innerHTML = s.board;
          $("status").textContent = "decision " + s.decision + ": " + s.log;
          await sleep(STEP_MS);
        }
      }
      $("skip").hidden = true;
    }
    $("board").innerHTML = data.board;
    const st = data.status;
    $("status").textContent = "decision " + st.decision + (st.over ? ", game over" : ", player " + st.player + " to act");
    $("status").dataset.decision = st.decision;
    if (st.error) {
      banner(st.error);
      $("turn").textContent = "";
      $("turn").classList.remove("thinking");
      $("actions").textContent = "";
      if (st.record && !$("download")) {
        // the moves so far, as a record without a result (the server names the file the same way)
        const box = $("result");
        box.hidden = false;
        box.textContent = "";
        box.appendChild(downloadLink(info.game + "-unfinished-record.json", "Download the moves so far (unfinished game record, JSON)"));
      }
      setPhase("error");
      return;
    }
    if (st.over) {
      $("turn").textContent = "The game is over.";
      $("turn").classList.remove("thinking");
      $("actions").textContent = "";
      const el = showResult($("result"), data.result, info.players);
      el.appendChild(downloadLink(info.game + "-record.json", "Download the game record (JSON)"));
      setPhase("over");
      return;
    }
    if (st.yourTurn) {
      $("turn").textContent = "Your turn (player " + info.seat + "): choose an action";
      $("turn").classList.remove("thinking");
      renderActions(data.actions, st.decision);
      setPhase("your-turn");
    } else {
      const who = info.players[st.player] ? info.players[st.player].who : "";
      $("turn").textContent = "Player " + st.player + " (" + who + ") is thinking";
      $("turn").classList.add("thinking");
      $("actions").textContent = "";
      setPhase("waiting");
      setTimeout(refresh, fast ? 50 : 300);
    }
  }

  function downloadLink(filename, text) {
    const a = document.createElement("a");
    a.id = "download";
    a.href = "/api/record?token=" + encodeURIComponent(token) + "&tab=" + encodeURIComponent(tab);
    a.download = filename;
    a.textContent = text;
    return a;
  }

  function renderActions(actions, decision) {
    const box = $("actions");
    box.textContent = "";
    for (const a of actions) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.action = a.id;
      b.dataset.decision = decision;
      const n = document.createElement("span"); n.className = "name"; n.textContent = a.name;
      const m = document.createElement("span"); m.className = "meaning"; m.textContent = a.meaning;
      b.append(n, m);
      b.onclick = () => act(decision, a.id);
      box.appendChild(b);
    }
  }

  async function act(decision, action) {
    if (busy) return;
    busy = true;
    banner("");
    document.querySelectorAll("#actions button").forEach((b) => { b.disabled = true; });
    setPhase("sending");
    try {
      await show(await api("/api/act?since=" + seen, { decision: decision, action: action }), true);
    } catch (e) {
      if (!stopped) { banner(e.message); await refresh(); }
    } finally {
      busy = false;
    }
  }

  // ---- viewing ----
  let current = 0;
  async function view() {
    $("view-panel").hidden = false;
    $("log").classList.add("plain");   // its lines carry their move numbers
    const sel = $("observer");
    info.players.forEach((p) => {
      const o = document.createElement("option");
      o.value = String(p.seat);
      o.textContent = "player " + p.seat + " (information state)";
      sel.appendChild(o);
    });
    const wanted = params.get("observer");
    if (wanted && Array.from(sel.options).some((o) => o.value === wanted)) sel.value = wanted;
    const last = info.steps - 1;
    $("slider").max = String(last);
    $("jump").max = String(last);
    $("first").onclick = () => go(0);
    $("prev").onclick = () => go(current - 1);
    $("next").onclick = () => go(current + 1);
    $("last").onclick = () => go(last);
    $("slider").oninput = () => go(parseInt($("slider").value, 10));
    sel.onchange = () => go(current);
    $("jump-form").onsubmit = (ev) => { ev.preventDefault(); go(parseInt($("jump").value, 10) || 0); };
    document.addEventListener("keydown", (ev) => {
      if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
      if (ev.key === "ArrowRight") go(current + 1);
      if (ev.key === "ArrowLeft") go(current - 1);
    });
    await go(0);
  }

  let pending = 0;
  async function go(k) {
    k = Math.max(0, Math.min(info.steps - 1, k));
    const ticket = ++pending;
    setPhase("loading");
    let d;
    try {
      d = await api("/api/step?step=" + k + "&observer=" + encodeURIComponent($("observer").value));
    } catch (e) {
      if (!stopped) banner(e.message);
      return;
    }
    if (ticket !== pending) return;   // a later request wins
    banner("");
    current = d.step;
    $("slider").value = String(d.step);
    $("position").textContent = "step " + d.step + " / " + (info.steps - 1);
    $("status").textContent = "decision " + d.decision + (d.over ? ", game over" : ", player " + d.player + " to act");
    $("status").dataset.decision = d.decision;
    $("board").innerHTML = d.board;
    const text = $("text");
    text.hidden = d.text === undefined;
    text.textContent = d.text === undefined ? "" : d.text;
    $("caption").textContent = d.caption;
    $("log").textContent = "";
    d.log.forEach((l) => logLine(l));
    if (d.result) showResult($("view-result"), d.result, null); else $("view-result").hidden = true;
    document.body.dataset.step = String(d.step);
    setPhase("ready");
  }

  async function main(takeover) {
    try {
      info = await api("/api/claim", takeover ? { takeover: true } : {});
    } catch (e) {
      if (!stopped) {
        banner(e.message);
        setPhase(e.status === 409 ? "other-tab" : "refused");
        $("status").textContent = "not playing here";
        if (e.status === 409 && !takeover) {
          // the other tab may be closed (its claim was its own): the person can move the game here
          const b = document.createElement("button");
          b.type = "button";
          b.id = "takeover";
          b.textContent = "open the game here";
          b.onclick = () => { b.remove(); banner(""); main(true); };
          $("banner").appendChild(document.createTextNode(" "));
          $("banner").appendChild(b);
        }
      }
      return;
    }
    document.title = "Kaisen: " + info.title + (info.mode === "view" ? " (replay of " + info.file + ")" : "");
    $("title").textContent = info.title + (info.mode === "view" ? ": replay of " + info.file : ": you are player " + info.seat);
    if (info.mode === "play") await play(); else await view();
  }
  main();
})();
