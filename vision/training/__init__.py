"""How the pip counter's networks (the finder, the dark sets' finder, the reader) are made: scenes
and tiles drawn in code (`synth_tiles`, `synth_scenes`), the networks as PyTorch modules (`nets`),
and their training and export (`train`, run as `python -m vision.training`). Nothing here runs at the table: the app reads
the exported ONNX files (vision/models/) with OpenCV, and needs no PyTorch."""
