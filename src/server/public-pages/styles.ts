/**
 * The stylesheet of the public pages, inlined in every document: the rules every page uses, then those of the
 * menu page or those of the establishment and not-found pages (each page carries only its own; on the menu
 * page that keeps the document within the first TCP window, see decision 0025). Dark wine-bar theme meant to
 * be read on a phone in a dim room: system fonts only, no external requests, tap targets of 44px or more.
 * The menu page puts the wines on the first screen: one-line header, compact rows that open on tap.
 */

export const THEME_COLOR = '#151012';

/** Every page. */
const COMMON_CSS = `
:root{--bg:#151012;--sf:#1e1619;--sf2:#271c20;--ln:#3b2c31;--tx:#f4ebe0;--mu:#c9b8a8;--au:#dcb675;--wn:#8e2a43;--wn2:#a8344f;
--serif:"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua","URW Palladio L",Georgia,"DejaVu Serif",serif;
--sans:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color-scheme:dark}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
body{margin:0;min-height:100vh;background:radial-gradient(120% 720px at 50% 0,#3d1522 0,rgba(61,21,34,0) 100%) no-repeat,var(--bg);color:var(--tx);font:16px/1.55 var(--sans);-webkit-font-smoothing:antialiased}
a{color:var(--au);text-underline-offset:3px}
a:focus-visible,summary:focus-visible,button:focus-visible,select:focus-visible{outline:2px solid var(--au);outline-offset:2px}
h1,h2,h3{font-family:var(--serif);font-weight:600;line-height:1.2;margin:0;text-wrap:balance}
p{margin:0;text-wrap:pretty}
.wrap{max-width:760px;margin:0 auto;padding:0 18px}
.logo{display:block;width:88px;height:88px;margin:0 auto 18px;border-radius:50%;object-fit:cover;background:var(--tx);border:2px solid var(--au);box-shadow:0 0 0 6px rgba(220,182,117,.12)}
.addr{color:var(--mu);font-size:.9rem;margin-top:12px}
.contact{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;list-style:none;padding:0;margin:14px 0 0}
.contact a{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border:1px solid var(--ln);border-radius:22px;background:rgba(255,255,255,.03);color:var(--tx);text-decoration:none;font-size:.9rem;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.contact a:hover{border-color:var(--au)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:46px;padding:0 24px;border:0;border-radius:23px;background:var(--wn);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn:hover{background:var(--wn2)}
.empty{text-align:center;padding:40px 20px;margin:18px 0;border:1px dashed var(--ln);border-radius:18px;background:var(--sf)}
.empty h2{font-size:1.35rem;margin-bottom:8px}
.empty p{color:var(--mu);max-width:28em;margin:0 auto}
.empty .btn{margin-top:18px}
footer{text-align:center;color:var(--mu);font-size:.85rem;padding:36px 18px 44px;margin-top:40px;border-top:1px solid var(--ln)}
footer p+p{margin-top:6px}
.som{font-family:var(--serif);font-style:italic;color:var(--tx);font-size:1rem}
@media print{body{background:#fff;color:#000}}
`;

/** The menu page: compact header, search and filters, category chips, wine rows. */
const MENU_ONLY_CSS = `
.skip{position:absolute;left:-999px;top:8px;background:var(--tx);color:var(--bg);padding:10px 16px;border-radius:8px;z-index:9}
.skip:focus{left:8px}
.hdr{padding:14px 0 6px}
.brand{display:flex;align-items:center;gap:12px;min-width:0}
.brand .logo{width:44px;height:44px;margin:0;flex:none;border-width:1px;box-shadow:none}
.brand div{min-width:0}
.hdr h1{font-size:1.4rem;overflow-wrap:anywhere}
.sub{color:var(--mu);font-size:.85rem}
.about summary,.filter summary{display:flex;align-items:center;gap:10px;min-height:44px;cursor:pointer;list-style:none;font-size:.9rem}
.about summary{color:var(--au);width:max-content;max-width:100%}
.ab{display:grid;gap:10px;padding:4px 0 12px;color:var(--mu);font-size:.92rem}
.ab .contact{justify-content:flex-start;margin:2px 0 0}
summary::-webkit-details-marker{display:none}
.about summary:after,.filter summary:after{content:"";width:7px;height:7px;border:solid var(--au);border-width:0 2px 2px 0;transform:rotate(45deg);margin:-4px 2px 0 4px;transition:transform .15s}
details[open]>summary:after{transform:rotate(-135deg);margin-top:4px}
.find{margin:6px 0 4px}
.q{display:flex;gap:8px}
input[type=search]{flex:1;min-width:0;min-height:46px;padding:0 14px;border:1px solid var(--ln);border-radius:23px;background:var(--sf);color:var(--tx);font:inherit;font-size:1rem}
input[type=search]::placeholder{color:#a8998c}
.q .btn{padding:0 18px}
.filter summary{color:var(--mu);padding:0 2px;width:max-content;max-width:100%}
.ab .addr{margin:0}
.badge{background:var(--wn);color:#fff;border-radius:11px;font-size:.75rem;padding:1px 9px;font-weight:600}
.fields{display:grid;gap:12px;padding:2px 0 0}
@media (min-width:640px){.fields{grid-template-columns:repeat(3,1fr)}}
label{display:block;font-size:.8rem;letter-spacing:.04em;color:var(--mu);margin-bottom:5px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
select{width:100%;min-height:46px;padding:0 12px;border:1px solid var(--ln);border-radius:10px;background:var(--bg);color:var(--tx);font:inherit}
.ck{display:flex;align-items:center;gap:8px;min-height:46px;font-size:1rem;color:var(--tx);accent-color:var(--au)}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:14px 0 10px}
.clear{display:inline-flex;align-items:center;min-height:44px;padding:0 4px}
.status{color:var(--mu);font-size:.9rem;margin:12px 0 0}
.status a{display:inline-block;padding:10px 4px}
.cats{position:sticky;top:0;z-index:5;margin:0 -18px;padding:0 18px;background:var(--bg);box-shadow:0 0 0 100vmax var(--bg),0 1px 0 100vmax var(--ln);clip-path:inset(0 -100vmax -1px)}
.cats ul{display:flex;gap:8px;list-style:none;margin:0;padding:8px 0;overflow-x:auto;scrollbar-width:none;-webkit-mask-image:linear-gradient(90deg,#000 88%,transparent);mask-image:linear-gradient(90deg,#000 88%,transparent)}
.cats ul::-webkit-scrollbar{display:none}
.cats li:last-child{padding-right:28px}
.cats a{display:flex;align-items:center;gap:7px;min-height:44px;padding:0 15px;border:1px solid var(--ln);border-radius:22px;background:var(--sf);color:var(--tx);text-decoration:none;white-space:nowrap;font-size:.9rem;transition:background .2s,color .2s}
.cats a:hover{border-color:var(--au)}
.cats small{color:var(--au);font-size:.75rem}
.cats a[aria-current]{background:var(--au);border-color:var(--au);color:var(--bg);font-weight:600}
.cats a[aria-current] small{color:var(--bg)}
.cat{scroll-margin-top:62px;padding-top:22px;content-visibility:auto;contain-intrinsic-size:auto 480px}
.j .cat{content-visibility:visible}
.cat>h2{font-size:1.4rem}
.blurb{color:var(--mu);font-family:var(--serif);font-style:italic;font-size:.92rem;margin:4px 0 8px}
.wine{border-top:1px solid var(--ln)}
.wine summary{display:grid;grid-template-columns:minmax(0,1fr) auto 14px;column-gap:12px;align-items:center;padding:11px 0;cursor:pointer;list-style:none}
.wine summary:after{content:"";grid-column:3;grid-row:1/span 2;width:7px;height:7px;border:solid var(--mu);border-width:0 2px 2px 0;transform:rotate(45deg);margin-top:-4px;transition:transform .15s}
.wine[open] summary:after{transform:rotate(-135deg);margin-top:4px;border-color:var(--au)}
.wine summary:hover h3{color:var(--au)}
.wine h3{grid-column:1;font-size:1.06rem;overflow-wrap:anywhere}
.o{grid-column:1;grid-row:2;color:var(--mu);font-size:.85rem;margin-top:2px;overflow-wrap:anywhere}
.p{grid-column:2;grid-row:1/span 2;text-align:right;white-space:nowrap;color:var(--au);font-weight:700;font-variant-numeric:tabular-nums}
.p small{display:block;color:var(--mu);font-weight:400;font-size:.75rem}
.t{white-space:normal;width:min-content}
.b{grid-column:1;justify-self:start;font-size:.8rem;color:var(--au);font-weight:600}
.x h3,.x .p{color:var(--mu)}
.x .p{text-decoration:line-through}
.x .b{margin-top:3px;padding:0 9px;border-radius:9px;background:var(--wn);color:#fff}
.wd{display:grid;gap:10px;padding:0 0 16px;font-size:.95rem}
.wd.i{grid-template-columns:64px minmax(0,1fr);column-gap:14px}
.wd.i dl{grid-column:1/-1}
.wd img{width:64px;height:96px;object-fit:contain;border-radius:10px;background:var(--sf2)}
.wd>div{display:grid;gap:8px;align-content:start}
.meta{display:flex;flex-wrap:wrap;color:var(--mu);font-size:.87rem}
.meta>*:not(:last-child):after{content:"·";margin:0 7px;color:var(--au)}
.pair{font-size:.92rem}
.pair b,dt{color:var(--au);font-size:.7rem;letter-spacing:.14em;text-transform:uppercase;font-weight:600}
.pair b{margin-right:6px}
dl{display:grid;gap:8px;margin:0;padding:12px 14px;background:var(--sf);border-radius:12px;border-left:2px solid var(--wn2)}
dd{margin:1px 0 0}
@media (min-width:760px){.wd img{width:76px;height:114px}.wd.i{grid-template-columns:76px minmax(0,1fr)}.hdr{padding-top:28px}.hdr h1{font-size:1.8rem}.brand .logo{width:56px;height:56px}.wine summary{padding:13px 0}}
@media print{.cats,.find,.skip{display:none}}
`;

/** The establishment page (centred header, its menus) and the not-found pages. */
const PAGE_ONLY_CSS = `
.est{text-align:center;padding:44px 0 8px}
.est h1{font-size:2.1rem;letter-spacing:.01em}
.est .desc{color:var(--mu);max-width:34em;margin:10px auto 0}
.orn{display:flex;align-items:center;gap:14px;margin:26px auto;width:100%;max-width:260px}
.orn:before,.orn:after{content:"";flex:1;height:1px;background:linear-gradient(90deg,transparent,var(--au))}
.orn:after{background:linear-gradient(90deg,var(--au),transparent)}
.orn i{width:7px;height:7px;transform:rotate(45deg);border:1px solid var(--au)}
.menus{display:grid;gap:14px;list-style:none;padding:0;margin:0}
.menus li{padding:22px 20px;border:1px solid var(--ln);border-radius:18px;background:var(--sf)}
.menus h2{font-size:1.4rem}
.menus p{color:var(--mu);margin-top:6px}
.menus .n{color:var(--au);font-size:.85rem;letter-spacing:.04em}
.menus .btn{margin-top:16px}
.lost{min-height:100vh;display:flex;flex-direction:column;justify-content:center;text-align:center;padding:40px 18px}
.lost h1{font-size:1.9rem;margin-bottom:10px}
.lost p{color:var(--mu);max-width:26em;margin:0 auto}
@media (min-width:760px){.est{padding-top:64px}.est h1{font-size:2.6rem}}
`;

/** Comment-free, whitespace-collapsed CSS (the sources above are written so this is safe). */
function minifyCss(raw: string): string {
  return raw
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The menu page's stylesheet. */
export const MENU_CSS = minifyCss(COMMON_CSS + MENU_ONLY_CSS);
/** The establishment page's and the not-found pages' stylesheet. */
export const PAGE_CSS = minifyCss(COMMON_CSS + PAGE_ONLY_CSS);

/** The language switch ("PT · EN · ES"), added only to the pages of a menu with several languages (pt-BR alone pays no byte). */
export const LANG_CSS =
  '.lang{display:flex;gap:4px;margin:8px 0 0;font-size:.85rem}.lang a{padding:6px 10px;border:1px solid var(--ln);border-radius:99px;color:var(--mu);text-decoration:none}.lang a[aria-current]{color:var(--tx);border-color:var(--mu);font-weight:700}';
