// Requests every image-service variant the given pages name (src, srcset, imagesrcset),
// as a browser that takes AVIF would, so each is encoded before it is measured: behind
// the CDN a shopper gets a cached variant, never a first encode.
import { get as httpGet } from 'node:http';
import { unescapeAttribute } from '../lib/built-pages.mjs';

const urls = process.argv.slice(2);
/** GET over loopback: Chromium and curl resolve *.localhost there, Node's resolver not. */
const get = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    const loopback = (_host, options, done) =>
      options?.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4);
    httpGet(url, { headers, lookup: loopback }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    }).on('error', reject);
  });
let warmed = 0;
for (const url of urls) {
  const { body: page } = await get(url);
  const images = new Set();
  for (const [, value] of page.matchAll(/(?:src|srcset|imagesrcset)="([^"]*)"/g)) {
    // A srcset candidate is a URL then an optional descriptor; candidates part at ", ".
    for (const candidate of unescapeAttribute(value).split(/,\s+/)) {
      const image = candidate.trim().split(/\s+/)[0];
      if (image && new URL(image, url).pathname.startsWith('/img/'))
        images.add(new URL(image, url).href);
    }
  }
  for (const image of images) {
    const { status } = await get(image, {
      accept: 'image/avif,image/webp,*/*',
    });
    if (status !== 200) throw new Error(`${image} answered ${status}`);
    warmed += 1;
  }
}
console.log(`image variants warmed: ${warmed}`);
