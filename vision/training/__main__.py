"""`python -m vision.training`: see vision.training.train."""
from .train import main

raise SystemExit(main())
