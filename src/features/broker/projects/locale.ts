import enUS from '../../../../locales/en-US/broker-project.json';
import zhHK from '../../../../locales/zh-HK/broker-project.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The broker-project namespace travels with the project pages' chunks, not with the start-up bundle (src/lib/i18n).
addNamespace('broker-project', { 'zh-HK': zhHK, 'en-US': enUS });
