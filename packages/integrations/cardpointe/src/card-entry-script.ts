/**
 * The hosted card-entry page's script, as the browser runs it (card-entry-page.ts serves it). Like
 * CardPointe's iFrame Tokenizer it has no button: it checks the entry and tokenises the card when a field
 * changes or loses focus, and with `tokenizewheninactive` also once typing pauses for `inactivityto` ms;
 * then it posts the JSON text `{"message":"<token>","expiry":"<YYYYMM>"}` to the parent window (the token
 * under `tokenpropname` when given; `expiry` only with `useexpiry`). An invalid entry marks its field and,
 * with `invalidinputevent`, posts `{"validationError":"<text>"}`; without it the frame shows the text
 * itself. With `usecvv` (and `useexpiry`) the card is tokenised once those fields are filled in too.
 */
export const CARD_ENTRY_SCRIPT = `
  const config = JSON.parse(document.getElementById('config').textContent);
  const form = document.getElementById('card');
  const number = document.getElementById('ccnumfield');
  const month = document.getElementById('ccexpirymonth');
  const year = document.getElementById('ccexpiryyear');
  const cvv = document.getElementById('cccvvfield');
  const error = document.getElementById('error');
  const fields = [number, month, year, cvv].filter(Boolean);
  const post = (message) => window.parent.postMessage(JSON.stringify(message), '*');
  const digits = (value) => value.replace(/\\D/g, '');
  const luhn = (pan) => {
    let sum = 0;
    for (let i = 0; i < pan.length; i++) {
      let d = Number(pan[pan.length - 1 - i]);
      if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  };
  let sent = '';
  let pending = '';

  function mark(field, text) {
    for (const f of fields) {
      f.classList.remove('error');
      f.removeAttribute('aria-invalid');
    }
    error.textContent = '';
    if (!field) return;
    sent = '';
    field.classList.add('error');
    field.setAttribute('aria-invalid', 'true');
    if (config.invalidinputevent) post({ validationError: text });
    else error.textContent = text;
  }

  // YYYYMM; null while not filled in; false when not a month to come.
  function expiryOf() {
    if (!config.useexpiry) return '';
    const m = month.value.trim();
    const y = year.value.trim();
    if (!m || y.length < 4) return null;
    if (!/^\\d{1,2}$/.test(m) || !/^\\d{4}$/.test(y) || +m < 1 || +m > 12) return false;
    const now = new Date();
    if (+y * 12 + +m < now.getFullYear() * 12 + now.getMonth() + 1) return false;
    return y + m.padStart(2, '0');
  }

  async function tokenise() {
    const pan = digits(number.value);
    if (!pan) return;
    if (pan.length < 12 || pan.length > 19 || !luhn(pan)) return mark(number, 'Invalid card number');
    const expiry = expiryOf();
    if (expiry === null) return;
    if (expiry === false) return mark(month, 'Invalid expiry date');
    const code = cvv ? digits(cvv.value) : '';
    if (cvv && !code) return;
    if (cvv && !/^\\d{3,4}$/.test(code)) return mark(cvv, 'Invalid CVV');
    const entry = [pan, expiry, code].join('|');
    if (entry === sent || entry === pending) return;
    pending = entry;
    mark(null);
    try {
      const response = await fetch(config.tokenizePath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(code ? { account: pan, cvv: code } : { account: pan }),
      });
      const answer = await response.json();
      if (pending !== entry) return;
      if (answer.errorcode !== '0' || !answer.token) return mark(number, answer.message || 'Invalid card number');
      sent = entry;
      post({ [config.tokenpropname]: answer.token, ...(config.useexpiry ? { expiry } : {}) });
    } catch {
      if (pending === entry) mark(number, 'The card could not be checked; try again');
    } finally {
      if (pending === entry) pending = '';
    }
  }

  // formatinput: the number in groups of four as it is typed, the caret kept after the same digit.
  function format() {
    const end = number.selectionStart ?? number.value.length;
    const before = digits(number.value.slice(0, end)).length;
    const grouped = digits(number.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (grouped === number.value) return;
    number.value = grouped;
    let caret = 0;
    for (let seen = 0; caret < grouped.length && seen < before; caret++) if (grouped[caret] !== ' ') seen++;
    number.setSelectionRange(caret, caret);
  }

  let timer;
  for (const field of fields) {
    field.addEventListener('change', tokenise);
    field.addEventListener('blur', tokenise);
    if (config.tokenizewheninactive)
      field.addEventListener('input', () => {
        clearTimeout(timer);
        timer = setTimeout(tokenise, config.inactivityto);
      });
  }
  if (config.formatinput) number.addEventListener('input', format);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    tokenise();
  });
`;
