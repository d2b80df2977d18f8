/**
 * The only stylesheet of the public pages, inlined in every document. Dark wine-bar theme meant to be
 * read on a phone in a dim room: system fonts only, no external requests, tap targets of 44px or more.
 */

export const THEME_COLOR = '#151012';

const RAW_CSS = `
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
.skip{position:absolute;left:-999px;top:8px;background:var(--tx);color:var(--bg);padding:10px 16px;border-radius:8px;z-index:9}
.skip:focus{left:8px}
.est{text-align:center;padding:44px 0 8px}
.logo{display:block;width:88px;height:88px;margin:0 auto 18px;border-radius:50%;object-fit:cover;background:var(--tx);border:2px solid var(--au);box-shadow:0 0 0 6px rgba(220,182,117,.12)}
.est h1{font-size:2.1rem;letter-spacing:.01em}
.est .desc{color:var(--mu);max-width:34em;margin:10px auto 0}
.addr{color:var(--mu);font-size:.9rem;margin-top:12px}
.contact{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;list-style:none;padding:0;margin:14px 0 0}
.contact a{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border:1px solid var(--ln);border-radius:22px;background:rgba(255,255,255,.03);color:var(--tx);text-decoration:none;font-size:.9rem;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.contact a:hover{border-color:var(--au)}
.orn{display:flex;align-items:center;gap:14px;margin:26px auto;width:100%;max-width:260px}
.orn:before,.orn:after{content:"";flex:1;height:1px;background:linear-gradient(90deg,transparent,var(--au))}
.orn:after{background:linear-gradient(90deg,var(--au),transparent)}
.orn i{width:7px;height:7px;transform:rotate(45deg);border:1px solid var(--au)}
.intro{text-align:center;margin-bottom:22px}
.eyebrow{font-size:.72rem;letter-spacing:.22em;text-transform:uppercase;color:var(--au);margin-bottom:6px}
.intro h2{font-size:1.7rem}
.intro p.desc{color:var(--mu);max-width:34em;margin:8px auto 0}
.count{color:var(--mu);font-size:.85rem;margin-top:8px}
.filter{background:var(--sf);border:1px solid var(--ln);border-radius:16px;margin-bottom:14px}
.filter summary{display:flex;align-items:center;justify-content:space-between;gap:10px;min-height:50px;padding:0 18px;cursor:pointer;font-weight:600;list-style:none}
summary::-webkit-details-marker{display:none}
.filter summary:after,.notes summary:after{content:"";width:8px;height:8px;border:solid var(--au);border-width:0 2px 2px 0;transform:rotate(45deg);margin:-4px 4px 0 auto;transition:transform .15s}
details[open]>summary:after{transform:rotate(-135deg);margin-top:4px}
.badge{background:var(--wn);color:#fff;border-radius:11px;font-size:.75rem;padding:1px 9px;font-weight:600}
.fields{display:grid;gap:12px;padding:2px 18px 0}
@media (min-width:640px){.fields{grid-template-columns:repeat(3,1fr)}}
label{display:block;font-size:.8rem;letter-spacing:.04em;color:var(--mu);margin-bottom:5px}
select{width:100%;min-height:46px;padding:0 12px;border:1px solid var(--ln);border-radius:10px;background:var(--bg);color:var(--tx);font:inherit}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:16px 18px 18px}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:46px;padding:0 24px;border:0;border-radius:23px;background:var(--wn);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn:hover{background:var(--wn2)}
.clear{display:inline-flex;align-items:center;min-height:44px;padding:0 4px}
.status{color:var(--mu);font-size:.9rem;margin:0 0 12px;text-align:center}
.cats{position:sticky;top:0;z-index:5;margin:0 -18px;padding:0 18px;background:var(--bg);box-shadow:0 0 0 100vmax var(--bg),0 1px 0 100vmax var(--ln);clip-path:inset(0 -100vmax -1px)}
.cats ul{display:flex;gap:8px;list-style:none;margin:0;padding:9px 0;overflow-x:auto;scrollbar-width:none;-webkit-mask-image:linear-gradient(90deg,#000 88%,transparent);mask-image:linear-gradient(90deg,#000 88%,transparent)}
.cats ul::-webkit-scrollbar{display:none}
.cats li:last-child{padding-right:28px}
.cats a{display:flex;align-items:center;gap:7px;min-height:44px;padding:0 16px;border:1px solid var(--ln);border-radius:22px;background:var(--sf);color:var(--tx);text-decoration:none;white-space:nowrap;font-size:.9rem}
.cats a:hover{border-color:var(--au)}
.cats small{color:var(--au);font-size:.75rem}
.cat{scroll-margin-top:70px;padding-top:34px}
.cat>h2{font-size:1.55rem}
.blurb{color:var(--mu);font-family:var(--serif);font-style:italic;margin:6px 0 10px}
.wine{padding:18px 0;border-top:1px solid var(--ln)}
.wine:first-of-type{border-top-color:rgba(220,182,117,.45)}
.wine img{flex:none;width:64px;height:96px;object-fit:contain;border-radius:10px;background:var(--sf2)}
.wine.i{display:grid;grid-template-columns:64px minmax(0,1fr);column-gap:14px}
.wine.i .wb{display:contents}
.wine.i .wb>*{grid-column:1/-1}
.wine.i .wb>.hd{grid-column:2;grid-row:1;align-self:center}
@media (min-width:640px){.wine.i{display:flex;gap:18px}.wine.i .wb{display:block;flex:1;min-width:0}.wine.i .hd{align-self:auto}}
.top{display:flex;align-items:flex-start;gap:14px}
.top h3{flex:1;font-size:1.16rem;padding-top:2px;overflow-wrap:anywhere}
.price{text-align:right;white-space:nowrap;color:var(--au);font-weight:700;font-size:1.05rem;font-variant-numeric:tabular-nums}
.price small{display:block;color:var(--mu);font-weight:400;font-size:.75rem}
.meta{display:flex;flex-wrap:wrap;color:var(--mu);font-size:.87rem;margin-top:4px}
.meta>span:not(:last-child):after{content:"·";margin:0 7px;color:var(--au)}
.wd{margin-top:8px}
.pair{margin-top:8px;font-size:.92rem}
.pair b,dt{color:var(--au);font-size:.7rem;letter-spacing:.14em;text-transform:uppercase;font-weight:600}
.pair b{margin-right:6px}
.notes summary{display:flex;align-items:center;gap:8px;min-height:44px;color:var(--au);font-size:.88rem;cursor:pointer;list-style:none;width:max-content;max-width:100%}
.notes summary:after{margin-left:4px}
dl{display:grid;gap:8px;margin:0 0 4px;padding:12px 14px;background:var(--sf);border-radius:12px;border-left:2px solid var(--wn2)}
dd{margin:1px 0 0}
.empty{text-align:center;padding:40px 20px;margin:18px 0;border:1px dashed var(--ln);border-radius:18px;background:var(--sf)}
.empty h2{font-size:1.35rem;margin-bottom:8px}
.empty p{color:var(--mu);max-width:28em;margin:0 auto}
.empty .btn{margin-top:18px}
.menus{display:grid;gap:14px;list-style:none;padding:0;margin:0}
.menus li{padding:22px 20px;border:1px solid var(--ln);border-radius:18px;background:var(--sf)}
.menus h2{font-size:1.4rem}
.menus p{color:var(--mu);margin-top:6px}
.menus .n{color:var(--au);font-size:.85rem;letter-spacing:.04em}
.menus .btn{margin-top:16px}
.lost{min-height:100vh;display:flex;flex-direction:column;justify-content:center;text-align:center;padding:40px 18px}
.lost h1{font-size:1.9rem;margin-bottom:10px}
.lost p{color:var(--mu);max-width:26em;margin:0 auto}
footer{text-align:center;color:var(--mu);font-size:.85rem;padding:36px 18px 44px;margin-top:40px;border-top:1px solid var(--ln)}
footer p+p{margin-top:6px}
.som{font-family:var(--serif);font-style:italic;color:var(--tx);font-size:1rem}
@media (min-width:760px){.wine img{width:76px;height:114px}.cats{position:static;background:none;box-shadow:none;clip-path:none;border-bottom:1px solid var(--ln);margin:0;padding:4px 0 10px}.cats ul{flex-wrap:wrap;-webkit-mask-image:none;mask-image:none}.cats li:last-child{padding:0}.cat{scroll-margin-top:16px}.est{padding-top:64px}.est h1{font-size:2.6rem}}
@media print{body{background:#fff;color:#000}.cats,.filter,.skip{display:none}}
`;

/** Comment-free, whitespace-collapsed CSS (the source above is written so this is safe). */
export const CSS = RAW_CSS.replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .replace(/\s*([{};,>])\s*/g, '$1')
  .replace(/;}/g, '}')
  .trim();
