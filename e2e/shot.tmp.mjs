import { chromium } from 'playwright-core';
const [,, email, path, out, width = '1280'] = process.argv;
const cms = 'http://127.0.0.1:1399', site = 'http://127.0.0.1:5199';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
if (email !== '-') {
  const r = await fetch(`${cms}/api/auth/auth`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site }, body: JSON.stringify({ username: email, password: 'DemoPass2026!' }) });
  const body = await r.json();
  await page.goto(site + '/');
  await page.evaluate(([code, me]) => { localStorage.setItem('authCode', code); localStorage.setItem('user', JSON.stringify(me)); }, [body.authCode, body.me]);
}
await page.goto(site + path);
await page.waitForTimeout(6000);
await page.screenshot({ path: out, fullPage: true });
console.log(await page.title());
await browser.close();
