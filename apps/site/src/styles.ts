/**
 * The one stylesheet of the public sites, inlined in every page (about 3 KB gzip: no extra request before
 * first paint). Neutrals, spacing and radii follow the design tokens of packages/ui/src/styles.css; the
 * brand colours come from the restaurant's effective colour scheme as custom properties (see theme.ts).
 */
export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth;scroll-padding-top:4.5rem}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:400 1rem/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased}
img{max-width:100%;display:block}
a{color:var(--link)}
a:hover{text-decoration-thickness:2px}
h1,h2,h3{font-family:ui-serif,Georgia,Cambria,"Times New Roman",serif;font-weight:700;line-height:1.15;margin:0;letter-spacing:-.01em}
h2{font-size:clamp(1.75rem,4vw,2.5rem)}
h3{font-size:1.2rem}
p{margin:0}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px;border-radius:6px}
.top,.announce,.closed-today,.foot{flex:none}
main{flex:1 0 auto}
.skip{position:absolute;left:-999px;top:0;z-index:50;background:var(--surface);color:var(--text);padding:.75rem 1rem}
.skip:focus{left:1rem;top:1rem}
.wrap{width:min(72rem,100% - 2.5rem);margin-inline:auto}
.eyebrow{font-size:.8rem;font-weight:700;letter-spacing:.14em;text-transform:uppercase;color:var(--link)}
.muted{color:var(--muted)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.7rem 1.35rem;border-radius:999px;border:2px solid transparent;font:600 1rem/1.2 inherit;text-decoration:none;cursor:pointer;transition:transform .15s ease,background-color .15s ease}
.btn:hover{transform:translateY(-1px)}
.btn-primary{background:var(--primary);color:var(--on-primary)}
.btn-order{background:var(--order);color:var(--on-order)}
.btn-ghost{border-color:currentColor;color:inherit;background:transparent}
.btn-light{background:#fff;color:#1c1917}
.announce{background:var(--accent);color:var(--on-accent);text-align:center;font-weight:600;font-size:.95rem;padding:.55rem 1rem}
.top{position:sticky;top:0;z-index:20;background:color-mix(in srgb,var(--bg) 92%,transparent);backdrop-filter:saturate(1.4) blur(10px);border-bottom:1px solid var(--border)}
.top .wrap{display:flex;align-items:center;gap:1rem;min-height:4rem}
.brand{display:flex;align-items:center;gap:.6rem;font:700 1.25rem/1.1 ui-serif,Georgia,serif;color:var(--text);text-decoration:none;margin-right:auto}
.brand img{width:2.25rem;height:2.25rem;border-radius:50%;object-fit:cover}
.nav{display:flex;gap:1.25rem;align-items:center}
.nav a{color:var(--text);text-decoration:none;font-weight:500}
.nav a:hover,.nav a[aria-current=page]{color:var(--link);text-decoration:underline;text-underline-offset:.3em}
.nav .btn{color:var(--on-order)}
.hero{position:relative;display:grid;color:#fff;background:var(--ink);overflow:hidden}
.hero-screen{min-height:min(100svh - 4rem,52rem)}.hero-large{min-height:36rem}.hero-medium{min-height:28rem}.hero-small{min-height:20rem}
.hero>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hero::after{content:"";position:absolute;inset:0;background:linear-gradient(180deg,rgb(0 0 0/.35) 0%,rgb(0 0 0/.2) 40%,rgb(0 0 0/.72) 100%)}
.hero-body{position:relative;z-index:1;display:flex;flex-direction:column;gap:1.1rem;padding-block:4rem}
.hero-center .hero-body{align-items:center;justify-content:center;text-align:center}
.hero-bottom .hero-body{align-items:center;justify-content:flex-end;text-align:center}
.hero-top-left .hero-body{align-items:flex-start;justify-content:flex-start}
.hero-bottom-left .hero-body{align-items:flex-start;justify-content:flex-end}
.hero h1{font-size:clamp(2.6rem,9vw,5.25rem);text-shadow:0 2px 24px rgb(0 0 0/.35);max-width:16ch}
.hero .tagline{font-size:clamp(1.1rem,2.6vw,1.4rem);max-width:38rem;opacity:.95}
.hero .eyebrow{color:#fff;opacity:.9}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
.hero-center .actions,.hero-bottom .actions{justify-content:center}
.section{padding-block:clamp(3.5rem,8vw,6rem)}
.section-alt{background:var(--surface-muted)}
.section:not(.section-alt,.cta)+.section:not(.section-alt,.cta){padding-top:0}
.block .lead{font-size:1.15rem;line-height:1.6}
.section-head{display:flex;flex-wrap:wrap;align-items:end;justify-content:space-between;gap:1rem;margin-bottom:2rem}
.section-head p{max-width:40rem}
.preview{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));list-style:none;margin:0;padding:0}
.card{background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:1.25rem 1.35rem;box-shadow:0 1px 2px rgb(28 25 23/.05)}
.preview .card{display:flex;flex-direction:column;gap:.4rem}
.row{display:flex;align-items:baseline;gap:.75rem}
.row h3,.item .row h2{flex:1}
.price{font-weight:700;font-variant-numeric:tabular-nums;white-space:nowrap;color:var(--link)}
.about{display:grid;gap:2.5rem;align-items:center}
.about .lead{font-size:clamp(1.15rem,2.4vw,1.4rem);line-height:1.6}
.offers{display:grid;gap:.75rem;list-style:none;margin:0;padding:0}
.offers li{display:flex;gap:.75rem;align-items:flex-start;background:var(--surface);border:1px solid var(--border);border-left:4px solid var(--accent);border-radius:12px;padding:1rem 1.1rem;font-weight:500}
.photos{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));list-style:none;margin:0;padding:0}
.photos figure{margin:0}
.photos img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:12px;background:var(--border)}
.photos figcaption{font-size:.8125rem;color:var(--muted);margin-top:.4rem}
.block{display:grid;gap:2rem;align-items:center}
.block+.block{margin-top:clamp(3rem,6vw,4.5rem)}
.block-art{aspect-ratio:4/3;border-radius:20px;overflow:hidden;background:radial-gradient(circle at 30% 25%,color-mix(in srgb,var(--primary) 70%,#fff) 0,var(--primary) 45%,var(--ink) 100%);display:grid;place-items:center;color:var(--on-primary);font:700 clamp(2rem,6vw,3.5rem)/1 ui-serif,Georgia,serif}
.block-art-empty{aspect-ratio:21/9}
.block-art img{width:100%;height:100%;object-fit:cover}
.block-text{display:flex;flex-direction:column;gap:.9rem}
.block-centered,.block-text-only{text-align:center;max-width:46rem;margin-inline:auto}
.block-centered .block-art{max-width:34rem;width:100%;margin-inline:auto}
.block-panel{border-radius:20px;padding:clamp(1.5rem,4vw,3rem)}
.view-all{padding-block:2rem 4rem}
.cta{position:relative;color:var(--on-primary);background:var(--primary);text-align:center;overflow:hidden}
.cta>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.4}
.cta .wrap{position:relative;display:flex;flex-direction:column;align-items:center;gap:1rem}
.cta p{max-width:36rem;font-size:1.15rem}
.cta .actions{justify-content:center}
.visit{display:grid;gap:1.25rem}
.visit .card{display:flex;flex-direction:column;gap:.75rem}
.hours{width:100%;border-collapse:collapse}
.hours th{text-align:left;font-weight:500;padding:.35rem 0}
.hours td{text-align:right;font-variant-numeric:tabular-nums;padding:.35rem 0}
.hours tr+tr>*{border-top:1px dashed var(--border)}
.hours .span-line{display:block;white-space:nowrap}
.special-title{margin:1.1rem 0 .25rem;font-size:1rem}
.closed-today{background:var(--text);color:var(--bg);text-align:center;padding:.6rem 1.25rem;font-size:1rem}
address{font-style:normal}
.social{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.social a{display:inline-flex;min-height:2.5rem;align-items:center;padding:.35rem .95rem;border:1px solid var(--border);border-radius:999px;text-decoration:none;color:var(--text);background:var(--surface)}
.foot{background:var(--ink);color:var(--on-ink);padding-block:2.5rem;font-size:.95rem}
.foot .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem}
.foot a{color:inherit}
.page-head{padding-block:clamp(2.5rem,6vw,4rem) 1.5rem;display:flex;flex-direction:column;gap:.6rem}
.page-head h1{font-size:clamp(2.2rem,6vw,3.5rem)}
.tabs{display:flex;gap:.5rem;overflow-x:auto;padding-bottom:.25rem;margin-top:.75rem;scrollbar-width:none}
.tabs a{flex:none;padding:.5rem 1rem;border-radius:999px;border:1px solid var(--border);background:var(--surface);color:var(--text);text-decoration:none;font-weight:600;min-height:2.5rem;display:inline-flex;align-items:center}
.tabs a[aria-current=page]{background:var(--primary);border-color:var(--primary);color:var(--on-primary)}
.jump{position:sticky;top:4rem;z-index:10;background:var(--bg);border-bottom:1px solid var(--border)}
.jump ul{display:flex;gap:1.25rem;overflow-x:auto;list-style:none;margin:0;padding:.8rem 0;scrollbar-width:none}
.jump a{white-space:nowrap;color:var(--muted);text-decoration:none;font-weight:600}
.jump a:hover{color:var(--link)}
.group{padding-block:2.25rem 1rem}
.group>header{display:flex;flex-direction:column;gap:.35rem;margin-bottom:1.25rem;padding-bottom:.75rem;border-bottom:2px solid var(--text)}
.group .group{padding-block:1.25rem 0}
.group .group>header{border-bottom-width:1px}
.items{display:grid;gap:0 2.5rem;list-style:none;margin:0;padding:0}
.item{padding-block:1.1rem;border-bottom:1px solid var(--border);display:flex;flex-direction:column;gap:.35rem}
.item-with-image{display:grid!important;grid-template-columns:1fr 96px;column-gap:1rem}
.item-with-image>.thumb{grid-column:2;grid-row:1/span 5;width:96px;height:96px;border-radius:12px;object-fit:cover}
.item-with-image>:not(.thumb){grid-column:1}
.card-image{width:calc(100% + 2.7rem);max-width:none;margin:-1.25rem -1.35rem .5rem;aspect-ratio:16/9;height:auto;object-fit:cover;border-radius:16px 16px 0 0}
.item .row h2,.item .row h3{font-family:inherit;font-size:1.08rem;font-weight:700;letter-spacing:0}
.leader{flex:1;border-bottom:2px dotted var(--border-strong);transform:translateY(-.3em);min-width:1rem}
.item .row h2,.item .row h3{flex:none;max-width:75%}
.meta{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;font-size:.85rem;color:var(--muted)}
.tag{display:inline-flex;align-items:center;padding:.1rem .55rem;border-radius:999px;background:var(--surface-muted);border:1px solid var(--border);color:var(--text);font-size:.8rem;font-weight:600}
.sold-out{flex:none;padding:.05rem .55rem;border-radius:999px;border:1.5px solid var(--text);color:var(--text);background:var(--surface);font-size:.78rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;white-space:nowrap}
.sizes{display:flex;flex-wrap:wrap;gap:.35rem 1rem;list-style:none;margin:0;padding:0;font-size:.95rem}
.sizes b{font-variant-numeric:tabular-nums}
details{font-size:.92rem}
summary{cursor:pointer;color:var(--link);font-weight:600;min-height:2rem;display:inline-flex;align-items:center}
.mods{margin:.25rem 0 .5rem;padding-left:1rem;border-left:2px solid var(--border)}
.mods h4{margin:.5rem 0 .2rem;font-size:.9rem}
.mods ul{margin:0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;color:var(--muted)}
.menus{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));list-style:none;margin:0;padding:0}
.menus h2{font-size:1.4rem}
.menus .card{display:flex;flex-direction:column;gap:.5rem;height:100%;text-decoration:none;color:var(--text);transition:border-color .15s,transform .15s}
.menus .card:hover{border-color:var(--primary);transform:translateY(-2px)}
.menus .go{margin-top:auto;padding-top:.5rem;color:var(--link);font-weight:700}
.state{min-height:70svh;display:grid;place-items:center;text-align:center;padding:3rem 1.25rem}
.state .card{max-width:34rem;display:flex;flex-direction:column;gap:1rem;align-items:center;padding:2.5rem 2rem}
.state h1{font-size:clamp(1.8rem,5vw,2.4rem)}
.state ul{text-align:left;margin:0;padding-left:1.2rem}
code{font-size:.9em;background:var(--surface-muted);padding:.1rem .35rem;border-radius:6px}
@media (min-width:768px){
.about{grid-template-columns:3fr 2fr}
.block{grid-template-columns:1fr 1fr}
.block-image-right .block-art{order:2}
.block-art-empty{aspect-ratio:4/3}
.block-centered,.block-text-only{grid-template-columns:1fr}
.visit{grid-template-columns:repeat(3,1fr)}
.items{grid-template-columns:1fr 1fr}
}
@media (max-width:767px){.nav .hide-sm{display:none}.top .wrap{gap:.75rem}.brand{font-size:1.1rem}}
@media (prefers-reduced-motion:reduce){*{transition:none!important;scroll-behavior:auto!important}}
`;
