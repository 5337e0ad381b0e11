// Framework mode, rendered on the server (`react-router build`, `react-router-serve`).
export default { ssr: true };
