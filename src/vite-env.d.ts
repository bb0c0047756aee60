/// <reference types="vite/client" />
declare const __APP_BUILD__: string;
