import enUS from '../../../../locales/en-US/datachart.json';
import zhHK from '../../../../locales/zh-HK/datachart.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The datachart namespace (the performance chart's texts and the public dataChart page's) travels with the chart's
// chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('datachart', { 'zh-HK': zhHK, 'en-US': enUS });
