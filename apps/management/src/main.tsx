import '@brigade/ui/lib/strict-csp';
import '@brigade/ui/styles.css';
import '@brigade/ui/app-shell.css';
import './shell/shell.css';
import { bootApp } from '@brigade/ui/app-shell/boot';

bootApp(() => import('./app').then((module) => ({ default: module.App })));
