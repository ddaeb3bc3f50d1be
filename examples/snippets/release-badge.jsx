export const ReleaseBadge = ({ version, children }) => (
  <span className="badge badge-green" data-shape="pill">
    {children} {version}
  </span>
);
