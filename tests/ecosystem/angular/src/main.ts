// A standalone, zoneless Angular app that runs the check once it has started.
import { Component, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import * as tw from 'tensorwise';
import { main } from './app.js';

@Component({ selector: 'app-root', template: '<p>tensorwise check</p>' })
class App {}

bootstrapApplication(App, { providers: [provideZonelessChangeDetection()] }).then(() => main(tw));
