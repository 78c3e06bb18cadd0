// The page's first module: its language's catalog and the pages are fetched side by side,
// and the page is drawn once both are here.
import { loadLanguage, useCatalog } from './i18n.js';

const catalog = loadLanguage().catch(() => loadLanguage('en')).catch(() => useCatalog('en', {}));
const { start } = await import('./router.js');
await catalog;
start();
