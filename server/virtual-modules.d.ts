/** React Router's server build: it exists only inside Vite (the build, or the dev server's ssrLoadModule). */
declare module "virtual:react-router/server-build";
