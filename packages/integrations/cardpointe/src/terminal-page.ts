import type { Reply } from './emulator-answers';
import { TERMINAL_CARDS, type Terminal } from './terminal-shopper';

/**
 * The emulated terminal's screen in a browser, at /terminal/<hsn> (a list of terminals at /terminal/): what
 * the terminal shows now (amount, "Insert, tap or swipe", tip choices, signature, the result), polled from
 * /terminal/<hsn>/screen, and buttons that act as the shopper: present a test card, choose a tip, sign,
 * cancel. The real terminal has no such page; the emulator's routes for it are not part of the API.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;background:#1d2330;color:#f4f6fb;margin:0;padding:24px}
main{max-width:420px;margin:auto;background:#0e1118;border-radius:24px;padding:24px;box-shadow:0 8px 30px #0008}
h1{font-size:15px;color:#9aa4b8;margin:0 0 12px}#screen{background:#f4f6fb;color:#111;border-radius:12px;
min-height:170px;padding:20px;text-align:center;display:flex;flex-direction:column;justify-content:center;gap:8px}
#amount{font-size:34px;font-weight:700}#prompt{font-size:20px}button{font:inherit;border:0;border-radius:10px;
padding:12px;margin:4px 0;width:100%;cursor:pointer;background:#2f6fed;color:#fff}button.decline{background:#8a3b3b}
button.tip{background:#2f7d4f}button.cancel{background:#555}button:disabled{opacity:.35;cursor:default}
section{margin-top:14px}h2{font-size:13px;color:#9aa4b8;margin:10px 0 4px}`;

// The tip buttons are made again only when the tip prompt changes: made again on every poll, a tap that
// landed as they were replaced did nothing (a CI run's "No tip" was lost that way).
function script(hsn: string): string {
  const base = `/terminal/${encodeURIComponent(hsn)}`;
  return `const base=${JSON.stringify(base)};
const $=(id)=>document.getElementById(id);
let shownTips='';
async function act(control,body){await fetch(base+'/'+control,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body||{})});refresh();}
function words(s){switch(s.kind){case 'card':return ['Insert, tap or swipe'];case 'tip':return ['Add a tip?'];
case 'signature':return [s.text||'Sign below'];case 'message':return [s.text];case 'result':return [s.text];default:return ['Welcome'];}}
async function refresh(){const r=await fetch(base+'/screen');if(!r.ok)return;const v=await r.json();const s=v.screen;
$('amount').textContent=s.amount?'$'+s.amount:'';$('prompt').textContent=words(s)[0];
$('state').textContent=v.online?(v.connected?'Connected':'Idle, no session'):'Disconnected';
for(const b of document.querySelectorAll('[data-card]'))b.disabled=!v.waitingFor.includes('card');
$('sign').disabled=!v.waitingFor.includes('sign');$('cancel').disabled=v.waitingFor.length===0;
const tipKey=s.kind==='tip'?s.amount+'|'+s.presets.join(','):'';if(tipKey===shownTips)return;shownTips=tipKey;
const tips=$('tips');tips.replaceChildren();if(s.kind==='tip'){const amount=Number(s.amount);
for(const p of s.presets){const b=document.createElement('button');b.className='tip';const t=(Math.round(amount*p)/100).toFixed(2);
b.textContent='Tip '+p+'% ($'+t+')';b.onclick=()=>act('tip',{tip:t});tips.append(b);}
const n=document.createElement('button');n.className='tip';n.textContent='No tip';n.onclick=()=>act('tip',{tip:'0.00'});tips.append(n);}}
for(const b of document.querySelectorAll('[data-card]'))b.onclick=()=>act('card',{pan:b.dataset.card,entry:$('entry').value});
$('sign').onclick=()=>act('sign');$('cancel').onclick=()=>act('cancel');refresh();setInterval(refresh,300);`;
}

function terminalPage(terminal: Terminal): string {
  const cards = TERMINAL_CARDS.map(
    (card) =>
      `<button data-card="${card.pan}" class="${card.label.includes('approved') ? '' : 'decline'}" disabled>${escapeHtml(card.label)}</button>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Terminal ${escapeHtml(terminal.hsn)}</title><style>${STYLE}</style></head><body><main>
<h1>CardPointe terminal ${escapeHtml(terminal.hsn)} · <span id="state">…</span></h1>
<div id="screen" role="status" aria-live="polite"><div id="amount"></div><div id="prompt">Welcome</div></div>
<div id="tips"></div>
<section aria-label="Shopper"><h2>Present a card</h2>
<label>Entry <select id="entry"><option value="insert">Insert</option><option value="tap">Tap</option><option value="swipe">Swipe</option></select></label>
${cards}<h2>Then</h2><button id="sign" disabled>Sign</button><button id="cancel" class="cancel" disabled>Cancel on the terminal</button></section>
</main><script>${script(terminal.hsn)}</script></body></html>`;
}

const html = (status: number, body: string): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  html: body,
});

/** GET /terminal/ and /terminal/<hsn>: the pages; undefined for other paths. */
export function terminalPageOf(terminals: Map<string, Terminal>, path: string): Reply | undefined {
  if (path === '/terminal' || path === '/terminal/') {
    const items = [...terminals.values()]
      .map(
        (t) =>
          `<li><a href="/terminal/${encodeURIComponent(t.hsn)}">${escapeHtml(t.hsn)}</a> (${escapeHtml(t.merchantId)})</li>`,
      )
      .join('');
    return html(
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Terminals</title></head><body><h1>Emulated terminals</h1><ul>${items}</ul></body></html>`,
    );
  }
  const match = /^\/terminal\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  const terminal = terminals.get(decodeURIComponent(match[1]!));
  return terminal
    ? html(200, terminalPage(terminal))
    : html(404, '<!doctype html><title>No such terminal</title>');
}
