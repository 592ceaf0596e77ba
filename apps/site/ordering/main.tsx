/** @jsxImportSource preact */
import { render } from 'preact';
import { Confirmation } from './confirmation';
import { setTimeZone } from './money';
import { OrderApp } from './order-app';
import './ordering.css';

/**
 * The ordering script of the public sites (docs/behaviour/ordering.md): mounts on the page the server sent
 * (#brigade-order, with the restaurant's slug, the site's base path and currency in data attributes).
 */
const root = document.getElementById('brigade-order');
if (root) {
  const { mode = 'order', slug = '', base = '/', currency = 'USD', restaurant = '', timezone } = root.dataset;
  setTimeZone(timezone);
  root.textContent = '';
  if (mode === 'confirmation') {
    const token = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
    render(<Confirmation token={token} base={base} currency={currency} />, root);
  } else {
    render(<OrderApp slug={slug} base={base} currency={currency} restaurant={restaurant} />, root);
  }
}
